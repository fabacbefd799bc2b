import 'fake-indexeddb/auto';
import { queryClient, setApiClients } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, minutesAgoToday, notificationTexts, renderChat, resetChatState, signInAs } from '../../../__tests__/chat-kit';

// Pin and archive from each conversation's menu, the pinned group, "Archived chats" (docs/chat-ui.md "Organize").

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

const today = minutesAgoToday;
const list = () => screen.getByRole('complementary', { name: /Conversations|Unterhaltungen/ });
const headings = () => within(list()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const namesIn = (group: string) => within(screen.getByRole('region', { name: group })).getAllByRole('link').map((link) => link.textContent);

async function menuAction(user: ReturnType<typeof userEvent.setup>, conversationName: string, action: string | RegExp) {
  await user.click(within(list()).getByRole('button', { name: `Actions for ${conversationName}` }));
  await user.click(within(list()).getByRole('button', { name: action }));
}

describe('organizing the conversation list (server history)', () => {
  beforeEach(() => resetChatState());

  it('pins to a Pinned group at the top, latest pin first, and unpins back into the date groups', async () => {
    const user = userEvent.setup();
    resetChatState([
      conversation({ name: 'Budget 2027', updated_at: today(30) }),
      conversation({ name: 'Team offsite', updated_at: today(20) }),
      conversation({ name: 'Lisbon trip', updated_at: today(10) }),
    ]);
    await renderChat();
    await screen.findByRole('link', { name: 'Lisbon trip' });
    expect(headings()).toEqual(['Today']);

    await menuAction(user, 'Budget 2027', 'Pin Budget 2027');
    await waitFor(() => expect(headings()).toEqual(['Pinned', 'Today']));
    expect(namesIn('Pinned')).toEqual(['Budget 2027']);
    await menuAction(user, 'Team offsite', 'Pin Team offsite');
    await waitFor(() => expect(namesIn('Pinned')).toEqual(['Team offsite', 'Budget 2027']));
    expect(namesIn('Today')).toEqual(['Lisbon trip']);
    expect(backend.requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ pinned: true }, { pinned: true }]);
    expect(notificationTexts()).toContain('success: “Team offsite” is pinned.');
    // The focus is back on the menu's button after the action.
    expect(within(list()).getByRole('button', { name: 'Actions for Team offsite' })).toHaveFocus();

    await menuAction(user, 'Budget 2027', 'Unpin Budget 2027');
    await waitFor(() => expect(namesIn('Pinned')).toEqual(['Team offsite']));
    expect(namesIn('Today')).toEqual(['Lisbon trip', 'Budget 2027']);
    expect(backend.requests.at(-1)?.body).toEqual({ pinned: false });
  });

  it('archives out of the list into "Archived chats", where a conversation is unarchived, opened or deleted', async () => {
    const user = userEvent.setup();
    resetChatState([conversation({ name: 'Budget 2027', updated_at: today(30) }), conversation({ name: 'Lisbon trip', updated_at: today(10) })]);
    await renderChat();
    await screen.findByRole('link', { name: 'Lisbon trip' });
    expect(within(list()).queryByRole('button', { name: /Archived chats/ })).toBeNull();

    await menuAction(user, 'Budget 2027', 'Archive Budget 2027');
    await waitFor(() => expect(within(list()).queryByRole('link', { name: 'Budget 2027' })).toBeNull());
    expect(notificationTexts()).toContain('success: “Budget 2027” was archived. Find it under “Archived chats”.');
    await user.click(within(list()).getByRole('button', { name: 'Archived chats (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archived chats' });
    expect(within(dialog).getByText('1 archived chat')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Budget 2027' })).toHaveAttribute('href', expect.stringMatching(/^\/chat\/[0-9a-f-]{36}$/));

    await user.click(within(dialog).getByRole('button', { name: 'Unarchive Budget 2027' }));
    await waitFor(() => expect(within(dialog).getByText('No archived chats.')).toHaveFocus());
    expect(within(list()).getByRole('link', { name: 'Budget 2027' })).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await menuAction(user, 'Lisbon trip', 'Archive Lisbon trip');
    await user.click(await within(list()).findByRole('button', { name: 'Archived chats (1)' }));
    const again = await screen.findByRole('dialog', { name: 'Archived chats' });
    await user.click(within(again).getByRole('button', { name: 'Delete Lisbon trip' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete conversation?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(again).getByText('No archived chats.')).toHaveFocus());
    expect(backend.requests.at(-1)).toEqual({ method: 'DELETE', path: expect.stringMatching(/^\/api\/conversations\//) });
    expect(backend.conversations.map((c) => c.name)).toEqual(['Budget 2027']);
  }, 20_000);

  it('opens an archived conversation from the archive, and the search still finds archived ones, marked', async () => {
    const user = userEvent.setup();
    const archived = conversation({ name: 'Old offsite', updated_at: today(40), archived: true });
    resetChatState([archived, conversation({ name: 'Offsite menu', updated_at: today(10) })]);
    const at = today(40);
    const question = crypto.randomUUID();
    backend.messages.set(archived.id, [
      { message_id: question, conversation_id: archived.id, parent_message_id: null, role: 'user', content: 'Where did we go?', created_at: at, status: 'complete' },
      { message_id: crypto.randomUUID(), conversation_id: archived.id, parent_message_id: question, role: 'assistant', content: 'To the lake.', created_at: at, status: 'complete' },
    ]);
    await renderChat();
    await screen.findByRole('link', { name: 'Offsite menu' });
    expect(within(list()).queryByRole('link', { name: 'Old offsite' })).toBeNull();

    await user.type(within(screen.getByRole('search')).getByRole('searchbox', { name: 'Search conversations' }), 'offsite');
    await waitFor(() => expect(headings()).toEqual(['Today', 'Archived']));
    const found = within(screen.getByRole('region', { name: 'Archived' })).getByRole('link', { name: 'Old offsite' }).closest('li')!;
    expect(within(found).getByText('Archived')).toBeInTheDocument();
    // Its menu offers to take it out of the archive.
    expect(within(found).getByRole('button', { name: 'Unarchive Old offsite', hidden: true })).toBeInTheDocument();
    await user.clear(within(screen.getByRole('search')).getByRole('searchbox'));

    await user.click(within(list()).getByRole('button', { name: 'Archived chats (1)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Archived chats' })).getByRole('link', { name: 'Old offsite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(screen.getByRole('region', { name: 'Open conversation' })).findByText('To the lake.')).toBeInTheDocument();
  });

  it('shows the empty state when every conversation is archived, and says why a change failed', async () => {
    const user = userEvent.setup();
    resetChatState([conversation({ name: 'Budget 2027', updated_at: today(30), archived: true }), conversation({ name: 'Lisbon trip', updated_at: today(10) })]);
    await renderChat();
    await screen.findByRole('link', { name: 'Lisbon trip' });
    backend.conversations = backend.conversations.filter((c) => c.name !== 'Lisbon trip');
    await menuAction(user, 'Lisbon trip', 'Pin Lisbon trip');
    await waitFor(() => expect(notificationTexts()).toContain('error: “Lisbon trip” could not be pinned: The conversation no longer exists.'));
    // The 404 reloads the list: only the archived one is left.
    expect(await within(list()).findByText('No conversations yet')).toBeInTheDocument();
    expect(within(list()).getByRole('button', { name: 'Archived chats (1)' })).toBeInTheDocument();
  });
});

describe('organizing the conversation list (this browser’s history)', () => {
  it('keeps pins and the archive in IndexedDB, in German', async () => {
    resetChatState([], { local: true });
    signInAs('organize-user');
    const user = userEvent.setup();
    const view = await renderChat('/chat', 'de');
    await screen.findByText('Noch keine Unterhaltungen');
    for (const question of ['Lissabon im Frühling?', 'Zürich im Winter?']) {
      await user.click(screen.getByRole('button', { name: 'Neue Unterhaltung' }));
      await user.type(screen.getByRole('textbox', { name: 'Ihre Nachricht' }), `${question}{Enter}`);
      await screen.findByRole('link', { name: question });
      await screen.findByText(`Answer to ${question}`, { selector: 'p' });
    }
    await user.click(within(list()).getByRole('button', { name: 'Aktionen für Lissabon im Frühling?' }));
    await user.click(within(list()).getByRole('button', { name: 'Lissabon im Frühling? anheften' }));
    await waitFor(() => expect(headings()).toEqual(['Angeheftet', 'Heute']));
    await user.click(within(list()).getByRole('button', { name: 'Aktionen für Zürich im Winter?' }));
    await user.click(within(list()).getByRole('button', { name: 'Zürich im Winter? archivieren' }));
    await waitFor(() => expect(within(list()).getByRole('button', { name: 'Archivierte Chats (1)' })).toBeInTheDocument());
    expect(backend.requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    // Kept: a new page shows the same.
    view.unmount();
    queryClient.clear();
    await renderChat('/chat', 'de');
    await waitFor(() => expect(headings()).toEqual(['Angeheftet']));
    expect(namesIn('Angeheftet')).toEqual(['Lissabon im Frühling?']);
    expect(within(list()).getByRole('button', { name: 'Archivierte Chats (1)' })).toBeInTheDocument();
  }, 20_000);
});
