import { ApiRequestError } from '@assistant/platform';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, resetChatState } from '../../../__tests__/chat-kit';
import { createServerHistory } from '../server-history';

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('server history', () => {
  beforeEach(() => resetChatState([conversation({ name: 'Older', updated_at: '2025-05-01T10:00:00.000Z' })]));

  it('creates (name in the query), lists latest first, renames (name in the query) and deletes', async () => {
    const history = createServerHistory();
    expect(history.kind).toBe('server');
    const made = await history.createConversation('Trip & plans');
    expect(made.name).toBe('Trip & plans');
    expect(backend.requests[0]).toEqual({ method: 'POST', path: '/api/conversations?name=Trip%20%26%20plans' });
    expect((await history.listConversations()).map((c) => c.name)).toEqual(['Trip & plans', 'Older']);
    const renamed = await history.renameConversation(made.id, 'Holidays');
    expect(renamed.name).toBe('Holidays');
    expect(backend.requests[1]).toEqual({ method: 'PATCH', path: `/api/conversations/${made.id}?name=Holidays` });
    await history.deleteConversation(made.id);
    expect((await history.listConversations()).map((c) => c.name)).toEqual(['Older']);
    await expect(history.deleteConversation(made.id)).rejects.toBeInstanceOf(ApiRequestError);
  });

  it('lists messages and streams an answer through messages/v2', async () => {
    const history = createServerHistory();
    const [older] = await history.listConversations();
    expect(await history.listMessages(older!.id)).toEqual([]);
    const events = await history.sendMessage(older!.id, { content: 'Hello there' }, new AbortController().signal);
    const kinds: string[] = [];
    for await (const event of events) kinds.push(event.kind);
    expect(kinds[0]).toBe('message');
    expect(kinds.at(-1)).toBe('done');
    expect(backend.requests.at(-1)).toMatchObject({ path: `/api/conversations/${older!.id}/messages/v2`, body: { content: 'Hello there' } });
  });
});

describe('server history search', () => {
  beforeEach(() => resetChatState([conversation({ name: 'Trip & plans' })]));

  it('asks GET /api/conversations/search?q= and answers the matches with their snippets', async () => {
    const history = createServerHistory();
    const [trip] = await history.listConversations();
    backend.messages.set(trip!.id, [
      { message_id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9', conversation_id: trip!.id, parent_message_id: null, role: 'user', content: 'Which tram goes to Belém?', created_at: trip!.created_at, status: 'complete' },
    ]);
    const found = await history.searchConversations('tram & belém');
    expect(backend.searches).toEqual(['/api/conversations/search?q=tram%20%26%20bel%C3%A9m']);
    expect(found.map((c) => c.id)).toEqual([trip!.id]);
    expect(await history.searchConversations('tram lisbon')).toEqual([]);
    const tram = await history.searchConversations('Tram');
    expect(tram).toEqual([{ ...trip, snippet: 'Which tram goes to Belém?' }]);
  });
});
