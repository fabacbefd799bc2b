// Searching the conversations by their messages' text through the query layer, for both histories.
import 'fake-indexeddb/auto';
import type { Message } from '@assistant/contracts';
import { addNamespace, queryClient } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, renderChat, resetChatState, signInAs } from '../../../__tests__/chat-kit';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { conversationKeys } from '../../../query-keys';
import { useChatHistory, type ScopedChatHistory } from '../../history';
import { useConversationSearch } from '../hooks/use-conversation-search';

jest.setTimeout(20_000);

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  signInAs(null);
});

/** The history the page would use (by the flag), handed to the test once it is there. */
let current: ScopedChatHistory | undefined;
function WithHistory({ query, override }: { query: string; override?: (history: ScopedChatHistory) => ScopedChatHistory }) {
  const chat = useChatHistory();
  useEffect(() => {
    current = chat.history;
  }, [chat.history]);
  if (!chat.history) return null;
  return <Probe history={override ? override(chat.history) : chat.history} query={query} />;
}
async function historyOf(): Promise<ScopedChatHistory> {
  await waitFor(() => expect(current).toBeDefined());
  return current!;
}

function Probe({ history, query }: { history: ScopedChatHistory; query: string }) {
  const search = useConversationSearch(history, query);
  return (
    <output data-testid="search" data-status={search.status} data-active={String(search.active)}>
      {search.results.map((found) => `${found.name}${found.snippet ? ` [${found.snippet}]` : ''}`).join(' | ')}
      {search.error}
    </output>
  );
}

function render(query: string, override?: (history: ScopedChatHistory) => ScopedChatHistory) {
  addNamespace('chat', { de, en });
  current = undefined;
  return renderWithProviders(<WithHistory query={query} override={override} />, { language: 'en' });
}

const shown = () => screen.getByTestId('search');
const searches = () => backend.searches;

function answered(conversationId: string, question: string, answer: string): Message[] {
  const at = '2025-06-01T12:00:00.000Z';
  return [
    { message_id: crypto.randomUUID(), conversation_id: conversationId, parent_message_id: null, role: 'user', content: question, created_at: at, status: 'complete' },
    { message_id: crypto.randomUUID(), conversation_id: conversationId, parent_message_id: null, role: 'assistant', content: answer, created_at: at, status: 'complete' },
  ];
}

describe('conversation search (server history)', () => {
  const trip = conversation({ name: 'New conversation', updated_at: '2025-06-02T12:00:00.000Z' });
  const eggs = conversation({ name: 'Breakfast', updated_at: '2025-06-01T12:00:00.000Z' });
  beforeEach(() => {
    resetChatState([trip, eggs]);
    backend.messages.set(trip.id, answered(trip.id, 'Which tram goes to Belém?', 'Tram 15 from Praça da Figueira.'));
    backend.messages.set(eggs.id, answered(eggs.id, 'How long for soft eggs?', 'Six minutes.'));
  });

  it('finds conversations by a word of their messages, with a snippet, after the typing pauses', async () => {
    const view = render('belém');
    await waitFor(() => expect(shown()).toHaveTextContent('New conversation [Which tram goes to Belém?]'));
    expect(shown()).toHaveAttribute('data-active', 'true');
    expect(searches()).toEqual(['/api/conversations/search?q=bel%C3%A9m']);

    // Typing on: one call for the words the user stopped at, not one per keystroke.
    view.rerender(<WithHistory query="six" />);
    view.rerender(<WithHistory query="six min" />);
    view.rerender(<WithHistory query="six minutes" />);
    await waitFor(() => expect(shown()).toHaveTextContent('Breakfast [Six minutes.]'));
    expect(searches().at(-1)).toBe('/api/conversations/search?q=six%20minutes');
    expect(searches()).toHaveLength(2);
  });

  it('asks nothing for a blank query, and shares one answer between queries with the same words', async () => {
    const view = render('   ');
    expect(shown()).toHaveAttribute('data-active', 'false');
    expect(shown()).toHaveAttribute('data-status', 'idle');
    view.rerender(<WithHistory query="Tram  " />);
    await waitFor(() => expect(shown()).toHaveTextContent('New conversation'));
    expect(queryClient.getQueryData(conversationKeys.search({ kind: 'server' }, ['tram']))).toHaveLength(1);
    view.rerender(<WithHistory query=" TRAM" />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toHaveLength(1);
  });

  it('searches again when the list changed', async () => {
    render('porto');
    await waitFor(() => expect(shown()).toHaveAttribute('data-status', 'ready'));
    expect(shown()).toHaveTextContent(/^$/);
    const porto = conversation({ name: 'Porto', updated_at: '2025-06-03T12:00:00.000Z' });
    backend.conversations.push(porto);
    await queryClient.invalidateQueries({ queryKey: conversationKeys.list({ kind: 'server' }) });
    await waitFor(() => expect(shown()).toHaveTextContent('Porto'));
  });

  it('says why a search failed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render('tram', (history) => ({ ...history, searchConversations: () => Promise.reject(new TypeError('Failed to fetch')) }));
    await waitFor(() => expect(shown()).toHaveAttribute('data-status', 'failed'));
    expect(shown().textContent).not.toBe('');
  });
});

describe('conversation search (this browser’s history)', () => {
  beforeEach(() => resetChatState([], { local: true }));

  it('searches the messages kept in IndexedDB, asking the server nothing', async () => {
    signInAs('search-user');
    const view = render('   ');
    const history = await historyOf();
    expect(history.scope).toEqual({ kind: 'local', user: 'search-user' });
    const made = await history.createConversation('New conversation');
    const stream = await history.sendMessage(made.id, { content: 'Lisbon in spring?' }, new AbortController().signal);
    for await (const event of stream) void event;
    view.rerender(<WithHistory query="spring" />);
    await waitFor(() => expect(shown()).toHaveTextContent('Lisbon in spring? [Lisbon in spring?]'));
    expect(searches()).toEqual([]);
  });
});

describe('the list’s search box', () => {
  const list = () => screen.getByRole('complementary', { name: /Conversations|Unterhaltungen/ });
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  it('finds a conversation by a word of its messages, not only by name, and says how many', async () => {
    const trip = conversation({ name: 'Weekend', updated_at: daysAgo(0) });
    resetChatState([trip, conversation({ name: 'Zürich café', updated_at: daysAgo(0) })]);
    backend.messages.set(trip.id, answered(trip.id, 'Which tram goes to Belém?', 'Tram 15.'));
    const user = userEvent.setup();
    await renderChat();
    await screen.findByRole('link', { name: 'Weekend' });
    const search = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Search conversations' });
    expect(search).toHaveAttribute('placeholder', 'Search names and messages');
    await user.type(search, 'belém');
    expect(await screen.findByRole('link', { name: 'Weekend' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Zürich café' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(list()).getByRole('status', { name: '' })).toHaveTextContent('1 conversation found'));
    // Names still match at once, accents ignored.
    await user.clear(search);
    await user.type(search, 'zurich');
    expect(screen.getByRole('link', { name: 'Zürich café' })).toBeInTheDocument();
  });

  it('does the same in German, in this browser’s history', async () => {
    resetChatState([], { local: true });
    signInAs('list-search-user');
    const user = userEvent.setup();
    await renderChat('/chat', 'de');
    await screen.findByText('Noch keine Unterhaltungen');
    await user.type(screen.getByRole('textbox', { name: 'Ihre Nachricht' }), 'Lissabon im Frühling?{Enter}');
    await screen.findByRole('link', { name: 'Lissabon im Frühling?' });
    const search = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Unterhaltungen durchsuchen' });
    expect(search).toHaveAttribute('placeholder', 'Nach Namen und Text suchen');
    // "Answer to ..." is only in the answer.
    await user.type(search, 'answer');
    expect(await screen.findByRole('link', { name: 'Lissabon im Frühling?' })).toBeInTheDocument();
    await waitFor(() => expect(within(list()).getByRole('status', { name: '' })).toHaveTextContent('1 Unterhaltung gefunden'));
    await user.clear(search);
    await user.type(search, 'tokio');
    expect(await screen.findByText('Keine Unterhaltung passt zu „tokio“.')).toBeInTheDocument();
  });
});
