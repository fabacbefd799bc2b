import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '../dialog';
import { Snackbar } from '../snackbar';
import { SnackbarHost, type SnackbarItem } from '../snackbar-host';

describe('Snackbar', () => {
  it('info and success are polite status messages, error is an alert', () => {
    render(
      <>
        <Snackbar variant="info" message="Copied" />
        <Snackbar variant="success" message="Saved" />
        <Snackbar variant="error" message="Upload failed" />
      </>,
    );
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Copied', 'Saved']);
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed');
  });

  it('has an action and a close button outside the live message', async () => {
    const user = userEvent.setup();
    const onAction = jest.fn();
    const onClose = jest.fn();
    render(
      <Snackbar
        variant="error"
        message="Configuration could not be loaded"
        action={{ label: 'Reload page', onClick: onAction }}
        onClose={onClose}
        closeLabel="Dismiss"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('can dismiss with a text button instead of the close icon', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Snackbar message="Saved" onClose={onClose} dismissLabel="Got it" />);
    expect(screen.queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells the caller while it is held (hover or focus), so a timer can wait', async () => {
    const user = userEvent.setup();
    const onHoldChange = jest.fn();
    render(
      <>
        <Snackbar message="Saved" action={{ label: 'Undo', onClick: () => {} }} onClose={() => {}} onHoldChange={onHoldChange} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await user.hover(screen.getByRole('status'));
    expect(onHoldChange).toHaveBeenLastCalledWith(true);
    await user.unhover(screen.getByRole('status'));
    expect(onHoldChange).toHaveBeenLastCalledWith(false);
    await user.tab();
    expect(onHoldChange).toHaveBeenLastCalledWith(true);
    onHoldChange.mockClear();
    await user.tab(); // focus moves within the snackbar: still held
    expect(onHoldChange).not.toHaveBeenCalledWith(false);
    await user.tab(); // focus leaves
    expect(onHoldChange).toHaveBeenLastCalledWith(false);
  });
});

describe('SnackbarHost', () => {
  const items: SnackbarItem[] = [
    { id: '1', variant: 'success', message: 'Agent saved' },
    { id: '2', variant: 'error', message: 'Translation failed', action: { label: 'Retry', onClick: jest.fn() } },
  ];

  it('renders the items in a labelled region in document.body and closes by id', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { container } = render(<SnackbarHost items={items} onClose={onClose} label="Notifications" closeLabel="Close" />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(container).not.toContainElement(region);
    expect(within(region).getByRole('status')).toHaveTextContent('Agent saved');
    expect(within(region).getByRole('alert')).toHaveTextContent('Translation failed');
    await user.click(within(region).getAllByRole('button', { name: 'Close' })[1] as HTMLElement);
    expect(onClose).toHaveBeenCalledWith('2');
  });

  it('has no timer of its own: items stay until the caller removes them', () => {
    jest.useFakeTimers();
    try {
      render(<SnackbarHost items={items} onClose={() => {}} />);
      jest.advanceTimersByTime(60_000);
      expect(screen.getByText('Agent saved')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('stays usable while a dialog is open', async () => {
    const user = userEvent.setup();
    const onAction = jest.fn();
    render(
      <>
        <SnackbarHost items={[{ id: 'x', variant: 'error', message: 'Failed', action: { label: 'Retry', onClick: onAction } }]} onClose={() => {}} />
        <Dialog open onClose={() => {}} title="Edit">
          <input aria-label="Field" />
        </Dialog>
      </>,
    );
    const region = screen.getByRole('region');
    expect(region).not.toHaveAttribute('inert');
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(onAction).toHaveBeenCalledTimes(1);
  });
});
