import { setApiClients } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, notificationTexts, renderChat, resetChatState } from '../../../__tests__/chat-kit';

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

const DAY = 24 * 60 * 60 * 1000;
/** `days` calendar days back from now, a minute earlier (never in the future; the kit's clock runs on from now). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY - 60_000).toISOString();
}

const list = () => screen.getByRole('complementary', { name: 'Conversations' });

describe('conversation list', () => {
  beforeEach(() => resetChatState());

  it('groups the conversations by their last change, newest first', async () => {
    resetChatState([
      conversation({ name: 'Old budget', updated_at: '2024-01-15T10:00:00.000Z' }),
      conversation({ name: 'Lisbon trip', updated_at: daysAgo(0) }),
      conversation({ name: 'Yesterday talk', updated_at: daysAgo(1) }),
      conversation({ name: 'Week plans', updated_at: daysAgo(4) }),
    ]);
    await renderChat();
    await screen.findByRole('link', { name: 'Lisbon trip' });
    const headings = within(list()).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Today', 'Yesterday', 'Previous 7 days', 'Older']);
    const older = screen.getByRole('region', { name: 'Older' });
    expect(within(older).getByRole('link', { name: 'Old budget' })).toBeInTheDocument();
    expect(within(older).getByText('15/01/2024')).toHaveAttribute('datetime', '2024-01-15T10:00:00.000Z');
    expect(within(screen.getByRole('region', { name: 'Today' })).getByRole('link', { name: 'Lisbon trip' })).toHaveAttribute('href', expect.stringMatching(/^\/chat\//));
    expect(screen.queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it('filters by name as you type, and says when nothing matches', async () => {
    const user = userEvent.setup();
    resetChatState([conversation({ name: 'Lisbon trip', updated_at: daysAgo(0) }), conversation({ name: 'Zürich café', updated_at: daysAgo(0) })]);
    await renderChat();
    await screen.findByRole('link', { name: 'Lisbon trip' });
    const search = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Search conversations' });
    await user.type(search, 'zurich');
    expect(screen.queryByRole('link', { name: 'Lisbon trip' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zürich café' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('1 conversation found');
    await user.clear(search);
    await user.type(search, 'tokyo');
    expect(screen.getByText('No conversation matches “tokyo”.')).toBeInTheDocument();
    await user.clear(search);
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('starts a new conversation and opens it; the start screen does the same', async () => {
    const user = userEvent.setup();
    await renderChat();
    await screen.findByText('No conversations yet');
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    const link = await screen.findByRole('link', { name: 'New conversation' });
    await waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'));
    expect(backend.requests).toEqual([{ method: 'POST', path: '/api/conversations?name=New%20conversation' }]);
    expect(screen.queryByRole('heading', { name: 'Start a conversation' })).not.toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
  });

  it('reloads the list after an answer (the server titled the conversation)', async () => {
    const user = userEvent.setup();
    const open = conversation({ name: 'New conversation', updated_at: daysAgo(0) });
    resetChatState([open, conversation({ name: 'Other', updated_at: daysAgo(0) })]);
    await renderChat(`/chat/${open.id}`);
    await screen.findByRole('link', { name: 'New conversation' });
    const composer = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(composer, 'Lisbon{Enter}');
    const renamed = await screen.findByRole('link', { name: 'About Lisbon' });
    expect(renamed).toHaveAttribute('aria-current', 'page');
    // Moved to the top: it changed last.
    expect(within(list()).getAllByRole('link')[0]).toBe(renamed);
  });

  it('renames in a dialog: checks the name, shows a refusal, and updates the list', async () => {
    const user = userEvent.setup();
    const target = conversation({ name: 'Lisbon trip', updated_at: daysAgo(0) });
    resetChatState([target]);
    await renderChat();
    await user.click(await screen.findByRole('button', { name: 'Rename Lisbon trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename conversation' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('Lisbon trip');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    expect(backend.requests).toEqual([]);
    await user.type(field, 'Porto and Lisbon');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('link', { name: 'Porto and Lisbon' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.requests).toEqual([{ method: 'PATCH', path: `/api/conversations/${target.id}?name=Porto%20and%20Lisbon` }]);
    expect(notificationTexts()).toEqual(['success: Renamed to “Porto and Lisbon”.']);
  });

  it('deletes after confirming; deleting the open conversation goes back to the start screen', async () => {
    const user = userEvent.setup();
    const open = conversation({ name: 'Lisbon trip', updated_at: daysAgo(0) });
    const other = conversation({ name: 'Budget', updated_at: daysAgo(0) });
    resetChatState([open, other]);
    await renderChat(`/chat/${open.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete Budget' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete conversation?' });
    expect(within(dialog).getByText('“Budget” and all its messages will be deleted. This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Lisbon trip' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Lisbon trip' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Budget' })).toBeInTheDocument();
    expect(backend.requests).toEqual([{ method: 'DELETE', path: `/api/conversations/${open.id}` }]);
    // The deleted row is gone: focus is on the list heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Conversations' })).toHaveFocus());
    expect(notificationTexts()).toEqual(['success: “Lisbon trip” was deleted.']);
  });

  it('shows a failed load with a retry', async () => {
    const user = userEvent.setup();
    backend.listFailure = 500;
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await renderChat();
      expect(await screen.findByRole('heading', { name: 'The conversations could not be loaded.' })).toBeInTheDocument();
      backend.listFailure = undefined;
      backend.conversations = [conversation({ name: 'Back again', updated_at: daysAgo(0) })];
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });
});
