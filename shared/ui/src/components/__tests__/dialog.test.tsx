import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../confirm-dialog';
import { Dialog } from '../dialog';
import { TextField } from '../text-field';

function DialogDemo({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Rename conversation"
        description="The new name is shown in the history."
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button">Save</button>
          </>
        }
      >
        <TextField label="Name" />
      </Dialog>
    </div>
  );
}

describe('Dialog', () => {
  it('is labelled by its title, described, and starts focus on the first field', async () => {
    const user = userEvent.setup();
    render(<DialogDemo />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename conversation' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('The new name is shown in the history.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<DialogDemo />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const close = screen.getByRole('button', { name: 'Schließen' });
    const name = screen.getByLabelText('Name');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const save = screen.getByRole('button', { name: 'Save' });

    expect(name).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab(); // wraps from the last element to the first
    expect(close).toHaveFocus();
    await user.tab({ shift: true }); // and back from the first to the last
    expect(save).toHaveFocus();
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('brings focus back when it escapes to the page behind', async () => {
    const user = userEvent.setup();
    render(<DialogDemo />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    screen.getByRole('button', { name: 'Before', hidden: true }).focus();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('makes the rest of the page inert while open and undoes it on close', async () => {
    const user = userEvent.setup();
    const { container } = render(<DialogDemo />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(container).toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape and returns focus to the button that opened it', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<DialogDemo onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Rename' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('returns focus also when closed by a button inside', async () => {
    const user = userEvent.setup();
    render(<DialogDemo />);
    const opener = screen.getByRole('button', { name: 'Rename' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Dialog open onClose={onClose} title="T">
        <p>Body</p>
      </Dialog>,
    );
    await user.click(screen.getByText('Body'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores Escape while not dismissible', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Dialog open onClose={onClose} title="Busy" dismissible={false} />);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('with two dialogs open, Escape closes only the top one', async () => {
    const user = userEvent.setup();
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Dialog open={outer} onClose={() => setOuter(false)} title="Outer">
          <button type="button" onClick={() => setInner(true)}>
            Delete
          </button>
          <ConfirmDialog
            open={inner}
            title="Delete it?"
            message="This cannot be undone."
            danger
            confirmLabel="Delete"
            onConfirm={() => setInner(false)}
            onCancel={() => setInner(false)}
          />
        </Dialog>
      );
    }
    render(<Nested />);
    const deleteButton = screen.getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    expect(screen.getByRole('alertdialog', { name: 'Delete it?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('is an alertdialog that starts on Cancel for a destructive action and confirms', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog
        open
        title="Delete agent?"
        message="The agent is removed for good."
        danger
        confirmLabel="Delete"
        cancelLabel="Keep"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete agent?' });
    expect(dialog).toHaveAccessibleDescription('The agent is removed for good.');
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('while loading: confirm is busy and ignores clicks, Escape does not cancel', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open loading title="Save?" message="m" onConfirm={onConfirm} onCancel={onCancel} />);
    const confirm = screen.getByRole('button', { name: 'Bestätigen' });
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    await user.click(confirm);
    await user.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
