import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionConfirmDialog } from '../action-confirm-dialog';
import { NameDialog, type NameDialogOutcome } from '../name-dialog';

const check = (value: string) => (value.trim() ? { name: value.trim() } : { error: 'Please give it a name' });

describe('NameDialog', () => {
  it('checks the name, sends it trimmed, and keeps the dialog open with the reason when it fails', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const outcomes: NameDialogOutcome[] = [{ fieldError: 'Name taken' }, { formError: 'Not allowed' }, { done: true }];
    const onSubmit = jest.fn(async () => outcomes.shift()!);
    render(<NameDialog title="New collection" label="Name" submitLabel="Create" check={check} onSubmit={onSubmit} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Please give it a name/);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Reports ');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith('Reports');
    expect(await screen.findByText('Name taken')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('  Reports ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes without sending when a rename keeps the name', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const onSubmit = jest.fn();
    render(<NameDialog title="Rename" label="Name" submitLabel="Rename" initialName="Reports" check={check} onSubmit={onSubmit} onClose={onClose} />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ActionConfirmDialog', () => {
  it('runs the action, stays open with the reason when it fails, and closes when it works', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const results = ['The server refused', undefined];
    render(<ActionConfirmDialog danger title="Delete?" message="It goes." confirmLabel="Delete" onConfirm={async () => results.shift()} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server refused');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
