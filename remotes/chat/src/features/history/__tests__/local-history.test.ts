import 'fake-indexeddb/auto';
import { CONVERSATION_ERRORS, HISTORY_MAX_CHARACTERS, historyWithinBudget, type Message, type StreamEvent } from '@assistant/contracts';
import { ApiRequestError, RequestAbortedError } from '@assistant/platform';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, handlers, resetChatState } from '../../../__tests__/chat-kit';
import type { ChatHistory } from '../chat-history';
import { createLocalHistory, localDatabaseName } from '../local-history';
import { titleFromQuestion } from '../title-from-question';

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let users = 0;
/** A fresh user each time, so each test starts with an empty browser store. */
function freshHistory(): { history: ChatHistory; sub: string } {
  users += 1;
  const sub = `user-${users}`;
  return { history: createLocalHistory({ userSub: sub }), sub };
}

async function drain(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const seen: StreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

const summary = (messages: Message[]) => messages.map((m) => `${m.role}:${m.content}:${m.status}`);

describe('local history (IndexedDB, per user)', () => {
  beforeEach(() => resetChatState([], { local: true }));

  it('keeps conversations per user: create, list latest first, rename, delete; 400 and 404 like the server', async () => {
    const { history } = freshHistory();
    expect(history.kind).toBe('local');
    const first = await history.createConversation('  First  ');
    expect(first.name).toBe('First');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await history.createConversation('Second');
    expect((await history.listConversations()).map((c) => c.name)).toEqual(['Second', 'First']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await history.renameConversation(first.id, 'Renamed')).name).toBe('Renamed');
    expect((await history.listConversations()).map((c) => c.name)).toEqual(['Renamed', 'Second']);
    await history.deleteConversation(second.id);
    expect((await history.listConversations()).map((c) => c.id)).toEqual([first.id]);

    await expect(history.createConversation('   ')).rejects.toMatchObject({ status: 400 });
    await expect(history.renameConversation(second.id, 'Gone')).rejects.toMatchObject({ status: 404, body: { message: 'No such conversation' } });
    await expect(history.deleteConversation(second.id)).rejects.toBeInstanceOf(ApiRequestError);
    await expect(history.listMessages(second.id)).rejects.toMatchObject({ status: 404 });

    // Another user of this browser sees none of it; the same user again sees all of it.
    expect(await freshHistory().history.listConversations()).toEqual([]);
    expect(backend.requests).toEqual([]);
  });

  it('keeps the data under the user, across instances', async () => {
    const sub = 'same-user';
    const one = createLocalHistory({ userSub: sub });
    const made = await one.createConversation('Kept');
    const again = createLocalHistory({ userSub: sub });
    expect((await again.listConversations()).map((c) => c.id)).toContain(made.id);
    expect(localDatabaseName(sub)).toBe('assistant-chat.same-user');
  });

  it('sends the branch to POST /api/chat/stream, writes the question at once and the answer as it streams', async () => {
    const { history } = freshHistory();
    const made = await history.createConversation('New conversation');
    const first = await drain(await history.sendMessage(made.id, { content: 'Lisbon in spring?' }, new AbortController().signal));
    expect([first[0]!.kind, first.at(-1)!.kind]).toEqual(['message', 'done']);
    const ids = first[0] as Extract<StreamEvent, { kind: 'message' }>;
    expect(ids.conversation_id).toBe(made.id);
    const stored = await history.listMessages(made.id);
    expect(summary(stored)).toEqual(['user:Lisbon in spring?:complete', 'assistant:Answer to Lisbon in spring?:complete']);
    expect(stored[0]!.message_id).toBe(ids.user_message_id);
    expect(stored[1]!.message_id).toBe(ids.assistant_message_id);
    expect(stored[1]!.parent_message_id).toBe(stored[0]!.message_id);
    // The first question names the conversation.
    expect((await history.listConversations())[0]!.name).toBe('Lisbon in spring?');

    await drain(await history.sendMessage(made.id, { content: 'And in winter?' }, new AbortController().signal));
    const body = backend.requests.at(-1)!.body as { history: unknown; payload: { parent_message_id: string } };
    expect(body.history).toEqual([
      { role: 'user', content: 'Lisbon in spring?' },
      { role: 'assistant', content: 'Answer to Lisbon in spring?' },
    ]);
    expect(body.payload.parent_message_id).toBe(stored[1]!.message_id);

    // Regenerate: the same question again under the first question's parent makes a sibling.
    await drain(await history.sendMessage(made.id, { content: 'Lisbon again?', parent_message_id: null }, new AbortController().signal));
    expect((backend.requests.at(-1)!.body as { history: unknown[] }).history).toEqual([]);
    const all = await history.listMessages(made.id);
    expect(all.filter((m) => m.parent_message_id === null)).toHaveLength(2);
    expect((await history.listConversations())[0]!.name).toBe('Lisbon in spring?');
  });

  it('does not rename a conversation the user named', async () => {
    const { history } = freshHistory();
    const made = await history.createConversation('New conversation');
    await history.renameConversation(made.id, 'Mine');
    await drain(await history.sendMessage(made.id, { content: 'Hello?' }, new AbortController().signal));
    expect((await history.listConversations())[0]!.name).toBe('Mine');
    expect(titleFromQuestion('  a  ' + 'word '.repeat(30))).toMatch(/^a word word .*…$/);
    expect(titleFromQuestion('  a  ' + 'word '.repeat(30))!.length).toBeLessThanOrEqual(60);
  });

  it('refuses an unknown parent (404) and a reused message id with other text (409)', async () => {
    const { history } = freshHistory();
    const made = await history.createConversation('Tree');
    const signal = new AbortController().signal;
    await expect(history.sendMessage(made.id, { content: 'Hi', parent_message_id: '00000000-0000-4000-8000-000000000000' }, signal)).rejects.toMatchObject({ status: 404 });
    const messageId = '0b6f3d4e-8c1a-4e61-9a7c-5d2f1e3b4a59';
    await drain(await history.sendMessage(made.id, { content: 'Once', message_id: messageId, parent_message_id: null }, signal));
    await drain(await history.sendMessage(made.id, { content: 'Once', message_id: messageId, parent_message_id: null }, signal));
    const stored = await history.listMessages(made.id);
    expect(stored.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(stored.filter((m) => m.parent_message_id === messageId)).toHaveLength(2);
    await expect(history.sendMessage(made.id, { content: 'Other', message_id: messageId, parent_message_id: null }, signal)).rejects.toMatchObject({ status: 409 });
    await expect(history.sendMessage('00000000-0000-4000-8000-000000000000', { content: 'Hi' }, signal)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps nothing of an exchange the server refuses before streaming (503)', async () => {
    const { history } = freshHistory();
    const made = await history.createConversation('Offline');
    backend.localAnswer = () =>
      HttpResponse.json({ statusCode: 503, error: 'Service Unavailable', message: 'No language model is reachable' }, { status: 503 });
    await expect(history.sendMessage(made.id, { content: 'Hello?' }, new AbortController().signal)).rejects.toMatchObject({ status: 503 });
    expect(await history.listMessages(made.id)).toEqual([]);
    expect((await history.listConversations())[0]!.name).toBe('Offline');
  });

  it('keeps an answer that ends with an error event as error, with the text that arrived', async () => {
    const { history } = freshHistory();
    const made = await history.createConversation('Failing');
    backend.localAnswer = (body) => [
      { kind: 'message', conversation_id: made.id, user_message_id: body.payload.message_id!, assistant_message_id: body.assistant_message_id! },
      { kind: 'stream_text', event: { stream_id: 'r', type: 'begin', channel: 'reasoning' } },
      { kind: 'stream_text', event: { stream_id: 'r', type: 'append', delta: 'Thinking.' } },
      { kind: 'stream_text', event: { stream_id: 'r', type: 'end' } },
      { kind: 'stream_text', event: { stream_id: 'a', type: 'begin', channel: 'answer' } },
      { kind: 'stream_text', event: { stream_id: 'a', type: 'append', delta: 'One two' } },
      { kind: 'stream_text', event: { stream_id: 'a', type: 'end' } },
      { kind: 'error', code: 'upstream_failed', message: 'The answer failed' },
    ];
    const events = await drain(await history.sendMessage(made.id, { content: 'fail', think: true }, new AbortController().signal));
    expect(events.at(-1)!.kind).toBe('error');
    const answer = (await history.listMessages(made.id))[1]!;
    expect(answer).toMatchObject({ role: 'assistant', content: 'One two', reasoning: 'Thinking.', status: 'error' });
  });

  it('keeps a stopped answer as stopped with what arrived', async () => {
    const { history } = freshHistory();
    const made = await history.createConversation('Stopping');
    const encoder = new TextEncoder();
    backend.localAnswer = (body) => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const lines: StreamEvent[] = [
            { kind: 'message', conversation_id: made.id, user_message_id: body.payload.message_id!, assistant_message_id: body.assistant_message_id! },
            { kind: 'stream_text', event: { stream_id: 'a', type: 'begin' } },
            { kind: 'stream_text', event: { stream_id: 'a', type: 'append', delta: 'Partial' } },
          ];
          for (const line of lines) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
          // the rest never comes
        },
      });
      return new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } });
    };
    const controller = new AbortController();
    const events = await history.sendMessage(made.id, { content: 'long' }, controller.signal);
    // While it streams, the answer is stored as streaming.
    const during = await history.listMessages(made.id);
    expect(summary(during)).toEqual(['user:long:complete', 'assistant::streaming']);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of events) {
          seen.push(event.kind);
          if (event.kind === 'stream_text' && event.event.type === 'append') controller.abort('stopped by the user');
        }
      })(),
    ).rejects.toBeInstanceOf(RequestAbortedError);
    expect(summary(await history.listMessages(made.id))).toEqual(['user:long:complete', 'assistant:Partial:stopped']);
  });

  it('refuses with the contract codes and texts the server answers with', async () => {
    const { history } = freshHistory();
    const missing = '00000000-0000-4000-8000-000000000000';
    await expect(history.listMessages(missing)).rejects.toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found', ...withoutStatus(CONVERSATION_ERRORS.conversationNotFound) } });
    const made = await history.createConversation('Codes');
    const signal = new AbortController().signal;
    await expect(history.sendMessage(made.id, { content: 'Hi', parent_message_id: missing }, signal)).rejects.toMatchObject({
      body: withoutStatus(CONVERSATION_ERRORS.messageNotFound),
    });
    const messageId = '0b6f3d4e-8c1a-4e61-9a7c-5d2f1e3b4a59';
    await drain(await history.sendMessage(made.id, { content: 'Once', message_id: messageId }, signal));
    await expect(history.sendMessage(made.id, { content: 'Other', message_id: messageId }, signal)).rejects.toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', ...withoutStatus(CONVERSATION_ERRORS.messageIdTaken) },
    });
    // 400s read like the server's validation failures: code, message and issues with their place.
    await expect(history.createConversation('   ')).rejects.toMatchObject({
      body: { code: 'validation_failed', message: 'Invalid querystring: name: Must not be empty', issues: [{ path: ['querystring', 'name'], message: 'Must not be empty' }] },
    });
    await expect(history.sendMessage(made.id, { content: '   ' }, signal)).rejects.toMatchObject({
      status: 400,
      body: { code: 'validation_failed', issues: [{ path: ['body', 'content'] }] },
    });
  });

  it('sends the branch cut to the contract history budget, from the oldest end, as the server cuts it', async () => {
    const { history } = freshHistory();
    const made = await history.createConversation('Long');
    const signal = new AbortController().signal;
    const first = 'a'.repeat(30_000);
    const second = 'b'.repeat(20_000);
    await drain(await history.sendMessage(made.id, { content: first }, signal));
    await drain(await history.sendMessage(made.id, { content: second }, signal));
    await drain(await history.sendMessage(made.id, { content: 'Third?' }, signal));
    const sent = (backend.requests.at(-1)!.body as { history: Array<{ role: string; content: string }> }).history;
    const branch = (await history.listMessages(made.id)).slice(0, 4);
    expect(sent).toEqual(historyWithinBudget(branch));
    expect(sent.map((message) => message.content)).not.toContain(first);
    expect(sent.map((message) => message.content)).toContain(second);
    expect(sent.reduce((sum, message) => sum + message.content.length, 0)).toBeLessThanOrEqual(HISTORY_MAX_CHARACTERS);
  });
});

function withoutStatus<T extends { statusCode: number }>(refusal: T): Omit<T, 'statusCode'> {
  const { statusCode: _status, ...rest } = refusal;
  return rest;
}

describe('local history search', () => {
  beforeEach(() => resetChatState([], { local: true }));

  it('finds this user’s conversations by their messages’ text and by name: every word, ignoring case, latest first, with a snippet', async () => {
    const { history } = freshHistory();
    const trip = await history.createConversation('New conversation');
    await drain(await history.sendMessage(trip.id, { content: 'Is the yellow TRAM in Lisbon worth it?' }, new AbortController().signal));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const named = await history.createConversation('Tram timetable');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await history.createConversation('Eggs');

    const tram = await history.searchConversations('  tram ');
    expect(tram.map((c) => c.id)).toEqual([named.id, trip.id]);
    expect(tram[1]!.snippet).toBe('Is the yellow TRAM in Lisbon worth it?');
    expect(tram[0]!.snippet).toBeUndefined();
    // Words from the question and the answer ("Answer to ..."), in any order.
    expect((await history.searchConversations('answer LISBON')).map((c) => c.id)).toEqual([trip.id]);
    expect((await history.searchConversations('tram eggs'))).toEqual([]);
    expect((await history.searchConversations('timetable tram')).map((c) => c.id)).toEqual([named.id]);

    // Another user of this browser finds nothing of it.
    expect(await freshHistory().history.searchConversations('tram')).toEqual([]);
  });

  it('refuses a blank or overlong query like the server (400)', async () => {
    const { history } = freshHistory();
    await expect(history.searchConversations('   ')).rejects.toMatchObject({ status: 400 });
    await expect(history.searchConversations('x'.repeat(201))).rejects.toMatchObject({ status: 400 });
  });
});
