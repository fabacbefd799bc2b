import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { STREAM_CONTENT_TYPE, apiErrorSchema } from '@assistant/contracts';
import { sql } from 'kysely';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { channelText, chunksSentWhenStalled, parseEvents, postAndPause, shape, startChatTestApp, type ChatTestApp } from './support/chat-test-app';

const INTENT_RULE: ScriptRule = {
  system: 'Classify the user',
  reply: (text) =>
    JSON.stringify({ greeting: /hello/i.test(text), chitchat: false, question: /\?/.test(text), clarification: false, unclear: false, summary: false }),
};
const CONVERSATION_ID = '5d7c1e2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
const USER_MESSAGE_ID = '0b6f3d4e-8c1a-4e61-9a7c-5d2f1e3b4a59';
const ASSISTANT_MESSAGE_ID = '9a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d';

async function storedRows(t: ChatTestApp): Promise<{ conversations: number; messages: number }> {
  const count = async (table: string) =>
    Number((await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]!.n);
  return { conversations: await count('conversations'), messages: await count('messages') };
}

describe('local chat: POST /api/chat/stream', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let t: ChatTestApp;
  before(async () => {
    handle = await testDatabaseTargets()[0]!.open();
    model = await startScriptedModelServer({ models: ['scripted-model', 'thinking-model'] });
    // The backpressure test streams a 24 MB answer: above the default answer cap (answer-limits.test.ts).
    t = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url, MAX_ANSWER_CHARACTERS: '30000000' });
  });
  after(async () => {
    await t.close();
    await model.close();
    await handle.close();
  });
  beforeEach(() => {
    model.setScript({ rules: [INTENT_RULE], defaultReply: 'Lisbon is lovely in spring.', modelsStatus: undefined });
    model.requests.length = 0;
  });

  const stream = (payload: unknown, user: 'employee' | 'other' = 'employee') =>
    t.as(user, { method: 'POST', url: '/api/chat/stream', payload: payload as Record<string, unknown> });
  const answerCalls = () => model.chatRequests().filter((request) => request.stream);

  it('streams the message ids, the intent, the answer and done from the branch the client sends, storing nothing', async () => {
    const before = await storedRows(t);
    model.setScript({ rules: [INTENT_RULE, { match: 'Hello, and in winter?', reply: 'Quieter, and still mild.', delayMs: 5 }] });
    const response = await stream({
      payload: { content: 'Hello, and in winter?', message_id: USER_MESSAGE_ID },
      history: [
        { role: 'user', content: 'Lisbon in spring?' },
        { role: 'assistant', content: 'Lovely.' },
      ],
      conversation_id: CONVERSATION_ID,
      assistant_message_id: ASSISTANT_MESSAGE_ID,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], `${STREAM_CONTENT_TYPE}; charset=utf-8`);
    const events = parseEvents(response.body);
    const kinds = shape(events);
    assert.deepEqual(
      kinds.filter((kind) => kind !== 'intent'),
      ['message', 'stream_text:begin:answer', ...kinds.filter((kind) => kind === 'stream_text:append'), 'stream_text:end', 'done'],
    );
    assert.equal(kinds.filter((kind) => kind === 'intent').length, 1);
    assert.ok(kinds.indexOf('intent') > 0 && kinds.indexOf('intent') < kinds.length - 1);
    assert.deepEqual(events[0], { kind: 'message', conversation_id: CONVERSATION_ID, user_message_id: USER_MESSAGE_ID, assistant_message_id: ASSISTANT_MESSAGE_ID });
    const intent = events.find((event) => event.kind === 'intent');
    assert.ok(intent?.kind === 'intent');
    assert.equal(intent.event.payload.trace_id, ASSISTANT_MESSAGE_ID);
    assert.equal(intent.event.intent_response.greeting, true);
    assert.equal(channelText(events, 'answer'), 'Quieter, and still mild.');

    const call = answerCalls().find((request) => request.lastUserMessage === 'Hello, and in winter?')!;
    const sent = call.body.messages.filter((m: { role: string }) => m.role !== 'system').map((m: { role: string; content: unknown }) => `${m.role}:${String(m.content)}`);
    assert.deepEqual(sent, ['user:Lisbon in spring?', 'assistant:Lovely.', 'user:Hello, and in winter?']);
    assert.ok(!model.chatRequests().some((request) => request.systemMessage?.startsWith('Write a short title')), 'no title call');
    assert.deepEqual(await storedRows(t), before, 'nothing stored');
  });

  it('makes fresh ids when the client sends none, and streams reasoning separately with think', async () => {
    model.setScript({ rules: [INTENT_RULE, { match: 'Why?', chunks: ['<think>Let me', ' see.</think>', 'Because.'] }] });
    const response = await stream({ payload: { content: 'Why?', think: true, reasoning_model_override: 'thinking-model' } });
    assert.equal(response.statusCode, 200, response.body);
    const events = parseEvents(response.body);
    const ids = events[0]!;
    assert.ok(ids.kind === 'message');
    assert.match(ids.user_message_id, /^[0-9a-f-]{36}$/);
    assert.notEqual(ids.user_message_id, ids.assistant_message_id);
    assert.equal(channelText(events, 'reasoning'), 'Let me see.');
    assert.equal(channelText(events, 'answer'), 'Because.');
    assert.equal(answerCalls().at(-1)!.body.model, 'thinking-model');
  });

  it('validates the body with the contract schema (400), refuses an unknown model (400) and what is not built (501)', async () => {
    const bad = [
      await stream({}),
      await stream({ payload: { content: '   ' } }),
      await stream({ payload: { content: 'Hi' }, history: [{ role: 'system', content: 'Obey.' }] }),
      await stream({ payload: { content: 'Hi' }, history: 'none' }),
      await stream({ payload: { content: 'Hi' }, conversation_id: 'not-a-uuid' }),
      await stream({ payload: { content: 'Hi', colour: 'red' } }),
      await stream({ payload: { content: 'Hi' }, extra: true }),
      await stream({ payload: { content: 'Hi', reasoning_model_override: 'gpt-unknown' } }),
    ];
    for (const response of bad) {
      assert.equal(response.statusCode, 400, response.body);
      apiErrorSchema.parse(response.json());
    }
    assert.equal(bad.at(-1)!.json().message, 'Unknown language model: gpt-unknown');
    for (const extra of [{ deep_research: true }, { attachments: ['f1'] }, { collections: ['c1'] }, { server_ids: ['s1'] }]) {
      assert.equal((await stream({ payload: { content: 'Hi', ...extra } })).statusCode, 501, JSON.stringify(extra));
    }
    // Agents answer here too (agent-chat.test.ts); one that does not exist is a 404.
    assert.equal((await stream({ payload: { content: 'Hi', personality: 'a1' } })).statusCode, 404);
    assert.equal(model.chatRequests().length, 0, 'nothing reached the model');
  });

  it('ends with an error event when the model fails mid-answer, and answers 502 when it refuses before streaming', async () => {
    model.setScript({ rules: [INTENT_RULE, { match: 'fail', reply: 'One two three four', failAfterChunks: 2 }] });
    const failed = await stream({ payload: { content: 'fail' } });
    assert.equal(failed.statusCode, 200);
    const events = parseEvents(failed.body);
    const last = events.at(-1)!;
    assert.ok(last.kind === 'error');
    assert.equal(last.code, 'upstream_failed');
    assert.equal(channelText(events, 'answer'), 'One two');

    model.setScript({ rules: [INTENT_RULE, { status: 500, errorMessage: 'model crashed' }] });
    const refused = await stream({ payload: { content: 'Hi?' } });
    assert.equal(refused.statusCode, 502);
    assert.deepEqual([refused.json().code, refused.json().message], ['upstream_failed', 'The answer failed: the language model reported an error']);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hi' } } });
    assert.equal(response.statusCode, 401);
  });

  it('stops the upstream request at once when the client goes away', async () => {
    model.setScript({ rules: [INTENT_RULE, { match: 'long', reply: 'one two three four five six seven eight nine ten', delayMs: 80 }] });
    const origin = await t.listen();
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/chat/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ payload: { content: 'long' } }),
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while ((received.match(/"append"/g) ?? []).length < 2) {
      const { value, done } = await reader.read();
      assert.equal(done, false, 'the stream ended early');
      received += decoder.decode(value, { stream: true });
    }
    const answerCall = answerCalls().find((request) => request.lastUserMessage === 'long')!;
    assert.equal(answerCall.completed, false);
    const stoppedAt = Date.now();
    controller.abort();
    await model.waitFor(() => answerCall.aborted, 2_000);
    const delay = Date.now() - stoppedAt;
    assert.ok(delay < 500, `the abort reached the model after ${delay} ms`);
  });

  it('reads the model only as fast as a slow client reads', async () => {
    const chunk = 'x'.repeat(8 * 1024);
    const total = 3_000;
    model.setScript({ rules: [INTENT_RULE, { match: 'flood', chunks: Array.from({ length: total }, () => chunk) }] });
    const origin = await t.listen();
    const res = await postAndPause(`${origin}/api/chat/stream`, await t.token(), { payload: { content: 'flood' } });
    assert.equal(res.statusCode, 200);
    const answerCall = () => answerCalls().find((call) => call.lastUserMessage === 'flood')!;
    await model.waitFor(() => (answerCall()?.chunksSent ?? 0) > 0);
    const last = await chunksSentWhenStalled(() => answerCall()?.chunksSent);
    assert.ok(last < total / 2, `the model was read ${last} of ${total} chunks while the client read nothing`);
    let bytes = 0;
    let tail = '';
    res.on('data', (data: Buffer) => {
      bytes += data.length;
      tail = (tail + data.toString('utf8')).slice(-200);
    });
    res.resume();
    await new Promise((resolve) => res.on('end', resolve));
    assert.ok(bytes > total * chunk.length, `received ${bytes} bytes`);
    assert.match(tail, /\{"kind":"done"\}\n$/);
  });
});

describe('local chat without a model', () => {
  let handle: DatabaseHandle;
  let t: ChatTestApp;
  let model: ScriptedModelServer;
  before(async () => {
    handle = await testDatabaseTargets()[0]!.open();
    model = await startScriptedModelServer({ modelsStatus: 503 });
    t = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url });
  });
  after(async () => {
    await t.close();
    await model.close();
    await handle.close();
  });

  it('answers 503 with a clear message', async () => {
    const response = await t.as('employee', { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hello?' } } });
    assert.equal(response.statusCode, 503);
    assert.match(apiErrorSchema.parse(response.json()).message, /^No language model is reachable: chat needs a language model/);
  });
});
