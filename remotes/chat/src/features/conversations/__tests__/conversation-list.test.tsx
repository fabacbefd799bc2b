import { queryClient, setApiClients } from '@assistant/platform';
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

  it('says how long the server keeps chats, in English and German, and nothing when they are kept until deleted', async () => {
    resetChatState([conversation({ name: 'Lisbon trip', updated_at: daysAgo(0) })]);
    backend.retentionDays = 90;
    const { unmount } = await renderChat();
    expect(await within(list()).findByText('Chats are kept for 90 days.')).toBeInTheDocument();
    unmount();
    queryClient.clear();

    resetChatState([conversation({ name: 'Lisbon trip', updated_at: daysAgo(0) })]);
    backend.retentionDays = 1;
    const german = await renderChat('/chat', 'de');
    expect(await within(screen.getByRole('complementary', { name: 'Unterhaltungen' })).findByText('Unterhaltungen werden einen Tag aufbewahrt.')).toBeInTheDocument();
    german.unmount();
    queryClient.clear();

    resetChatState([conversation({ name: 'Lisbon trip', updated_at: daysAgo(0) })]);
    await renderChat();
    await screen.findByRole('link', { name: 'Lisbon trip' });
    await waitFor(() => expect(queryClient.getQueryState(['retention', 'me'])?.status).toBe('success'));
    expect(within(list()).queryByText(/kept for/)).toBeNull();
  });

  it('says with whom a conversation is shared, and nothing for one that is not', async () => {
    resetChatState([
      conversation({ name: 'Lisbon trip', updated_at: daysAgo(0), sharing: { access: 'owner', shared_by: null, shared_with: [{ type: 'group', name: 'Finance' }] } }),
      conversation({ name: 'Zürich café', updated_at: daysAgo(0), sharing: { access: 'owner', shared_by: null, shared_with: [] } }),
    ]);
    await renderChat();
    const shared = (await screen.findByRole('link', { name: 'Lisbon trip' })).closest('li')!;
    // The UI kit's words come from the host's provider; rendered alone, the kit speaks German.
    expect(within(shared).getByText('Geteilt mit Finance')).toBeInTheDocument();
    const unshared = screen.getByRole('link', { name: 'Zürich café' }).closest('li')!;
    expect(within(unshared).queryByText(/Geteilt/)).not.toBeInTheDocument();
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
    expect(within(list()).getByRole('status', { name: '' })).toHaveTextContent('1 conversation found');
    await user.clear(search);
    await user.type(search, 'tokyo');
    expect(screen.getByText('No conversation matches “tokyo”.')).toBeInTheDocument();
    await user.clear(search);
    expect(within(list()).getAllByRole('link')).toHaveLength(2);
  });

  it('starts a new conversation: nothing is created until the first question, the focus is in the message box', async () => {
    const user = userEvent.setup();
    await renderChat();
    await screen.findByText('No conversations yet');
    // /chat shows a message box at once, under the start screen.
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveFocus());
    expect(backend.requests).toEqual([]);

    await user.keyboard('Lisbon{Enter}');
    const link = await screen.findByRole('link', { name: 'About Lisbon' });
    await waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'));
    const created = backend.requests[0]!;
    expect(created).toEqual({ method: 'POST', path: '/api/conversations?name=New%20conversation' });
    expect(backend.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, 'ID')}`)).toEqual([
      'POST /api/conversations?name=New%20conversation',
      'POST /api/conversations/ID/messages/v2',
    ]);
    expect(await screen.findByText('Answer to Lisbon', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Start a conversation' })).not.toBeInTheDocument();
  }, 15_000);

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
    await user.click(await screen.findByRole('button', { name: 'Actions for Lisbon trip' }));
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
    await user.click(await screen.findByRole('button', { name: 'Actions for Budget' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Budget' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete conversation?' });
    expect(within(dialog).getByText('“Budget” and all its messages will be deleted. This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actions for Lisbon trip' }));
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

  it('has rename, pin, archive and delete in a per-item menu, by keyboard: arrows move, Escape closes and returns', async () => {
    const user = userEvent.setup();
    resetChatState([conversation({ name: 'Lisbon trip', updated_at: daysAgo(0) })]);
    await renderChat();
    const menuButton = await screen.findByRole('button', { name: 'Actions for Lisbon trip', expanded: false });
    // Not two buttons under every entry: the actions are hidden until the menu opens.
    expect(screen.queryByRole('button', { name: 'Rename Lisbon trip' })).not.toBeInTheDocument();
    menuButton.focus();
    await user.keyboard('{Enter}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Rename Lisbon trip' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Pin Lisbon trip' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Delete Lisbon trip' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Rename Lisbon trip' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Rename Lisbon trip' })).not.toBeInTheDocument();
    // Delete from the menu: the confirmation's Cancel returns to the menu button.
    await user.keyboard('{Enter}{ArrowUp}{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(menuButton).toHaveFocus());
    expect(backend.requests).toEqual([]);
  });

  it('says plainly that a deleted or foreign conversation does not exist, and offers a new one', async () => {
    const user = userEvent.setup();
    resetChatState([conversation({ name: 'Budget', updated_at: daysAgo(0) })]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await renderChat('/chat/00000000-0000-4000-8000-000000000000');
      expect(await screen.findByRole('heading', { name: 'This conversation does not exist' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
      expect(screen.queryByText(/went wrong/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Start a new conversation' }));
      expect(await screen.findByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveFocus());
      expect(backend.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('says it in German too', async () => {
    resetChatState([]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await renderChat('/chat/00000000-0000-4000-8000-000000000000', 'de');
      expect(await screen.findByRole('heading', { name: 'Diese Unterhaltung gibt es nicht' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Neue Unterhaltung beginnen' })).toBeInTheDocument();
    } finally {
      warn.mockRestore();
    }
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
