import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { apiErrorSchema, conversationListResponseSchema, conversationSchema, conversationSearchResponseSchema, type Conversation } from '@assistant/contracts';
import { sql } from 'kysely';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { parseEvents, startChatTestApp, type ChatTestApp } from './support/chat-test-app';

// Pin and archive (PATCH conversations/{id} with a body) and the temporary chat's stateless
// exchange (POST chat/stream with `temporary`): docs/chat-ui.md "Organize" and "Temporary chat".

const TEMPORARY_CONVERSATION = '6e8d2f3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b';
const TEMPORARY_QUESTION = '1c7a4e5f-9d2b-4f72-8b8d-6e3a2f4c5b60';
const TEMPORARY_ANSWER = 'ab2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

describe('organizing conversations and the temporary chat', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let t: ChatTestApp;
  before(async () => {
    handle = await testDatabaseTargets()[0]!.open();
    model = await startScriptedModelServer({ models: ['scripted-model'] });
    t = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url });
  });
  after(async () => {
    await t.close();
    await model.close();
    await handle.close();
  });
  beforeEach(() => {
    model.setScript({ rules: [], defaultReply: 'A short answer.' });
    model.requests.length = 0;
  });

  async function create(name: string, user: 'employee' | 'other' = 'employee'): Promise<Conversation> {
    const response = await t.as(user, { method: 'POST', url: `/api/conversations?name=${encodeURIComponent(name)}` });
    assert.equal(response.statusCode, 201, response.body);
    return conversationSchema.parse(response.json());
  }
  const patch = (id: string, payload: Record<string, unknown>, user: 'employee' | 'other' = 'employee') =>
    t.as(user, { method: 'PATCH', url: `/api/conversations/${id}`, payload });
  async function list(user: 'employee' | 'other' = 'employee'): Promise<Conversation[]> {
    return conversationListResponseSchema.parse((await t.as(user, { method: 'GET', url: '/api/conversations' })).json()).conversations;
  }
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('pins and unpins with the time of the pin, archives and unarchives, without changing the order', async () => {
    const older = await create('Budget 2027');
    await pause();
    const newer = await create('Team offsite');
    const order = (await list()).map((conversation) => conversation.id);

    const pinned = await patch(older.id, { pinned: true });
    assert.equal(pinned.statusCode, 200, pinned.body);
    const pinnedBody = conversationSchema.parse(pinned.json());
    assert.equal(pinnedBody.pinned, true);
    assert.ok(pinnedBody.pinned_at && pinnedBody.pinned_at >= older.created_at, 'the pin has its time');
    assert.equal(pinnedBody.updated_at, older.updated_at, 'pinning is no change of the conversation');

    const archived = conversationSchema.parse((await patch(newer.id, { archived: true })).json());
    assert.equal(archived.archived, true);
    assert.equal(archived.pinned, undefined);

    const listed = await list();
    assert.deepEqual(listed.map((conversation) => conversation.id), order, 'the list keeps its order (the client groups)');
    assert.equal(listed.find((conversation) => conversation.id === older.id)?.pinned_at, pinnedBody.pinned_at);
    assert.equal(listed.find((conversation) => conversation.id === newer.id)?.archived, true);

    // The search finds archived conversations too, marked as such.
    const found = conversationSearchResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations/search?q=offsite' })).json());
    assert.deepEqual(found.conversations.map((conversation) => [conversation.id, conversation.archived]), [[newer.id, true]]);

    const back = conversationSchema.parse((await patch(older.id, { pinned: false })).json());
    assert.equal(back.pinned, undefined);
    assert.equal(back.pinned_at, undefined);
    const unarchived = conversationSchema.parse((await patch(newer.id, { archived: false, pinned: true })).json());
    assert.equal(unarchived.archived, undefined);
    assert.equal(unarchived.pinned, true);
  });

  it('refuses an empty or unknown change (400) and answers 404 for another user’s conversation, changing nothing', async () => {
    const mine = await create('Salary review');
    for (const payload of [{}, { pinned: 'yes' }, { colour: 'red' }]) {
      const response = await patch(mine.id, payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      apiErrorSchema.parse(response.json());
    }
    for (const payload of [{ pinned: true }, { archived: true }]) {
      const response = await patch(mine.id, payload, 'other');
      assert.equal(response.statusCode, 404, response.body);
      assert.match(apiErrorSchema.parse(response.json()).message, /^No such conversation/);
    }
    const stored = (await list()).find((conversation) => conversation.id === mine.id)!;
    assert.equal(stored.pinned, undefined);
    assert.equal(stored.archived, undefined);
    assert.ok(!(await list('other')).some((conversation) => conversation.id === mine.id));
  });

  it('keeps nothing of a temporary exchange: no conversation or message rows, no title call, usage as counts only', async () => {
    const count = async (table: string) =>
      Number((await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]!.n);
    const rowsBefore = { conversations: await count('conversations'), messages: await count('messages') };
    const usageBefore = await count('usage_events');

    const response = await t.as('employee', {
      method: 'POST',
      url: '/api/chat/stream',
      payload: {
        payload: { content: 'Draft a note about my sick leave', message_id: TEMPORARY_QUESTION },
        history: [],
        conversation_id: TEMPORARY_CONVERSATION,
        assistant_message_id: TEMPORARY_ANSWER,
        temporary: true,
      },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(parseEvents(response.body).at(-1)?.kind, 'done');

    assert.deepEqual({ conversations: await count('conversations'), messages: await count('messages') }, rowsBefore, 'nothing stored');
    assert.ok(!model.chatRequests().some((request) => request.systemMessage?.startsWith('Write a short title')), 'no title call');

    // The meter writes every 2 s: the call's record arrives, and it holds counts, never the chat.
    const deadline = Date.now() + 5_000;
    while ((await count('usage_events')) === usageBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const rows = await t.db.selectFrom('usage_events').selectAll().where('user_sub', '=', 'employee').execute();
    const recorded = rows.at(-1);
    assert.ok(recorded, 'the exchange is metered');
    assert.equal(recorded.feature, 'chat');
    assert.ok(recorded.input_tokens + recorded.output_tokens + recorded.estimated_tokens > 0, 'with its tokens');
    const text = JSON.stringify(rows);
    for (const secret of [TEMPORARY_CONVERSATION, TEMPORARY_QUESTION, TEMPORARY_ANSWER, 'sick leave', 'A short answer']) {
      assert.ok(!text.includes(secret), `the usage record holds no ${secret}`);
    }
  });

  it('refuses a temporary flag that is not true (400)', async () => {
    const response = await t.as('employee', { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hi' }, temporary: false } });
    assert.equal(response.statusCode, 400, response.body);
  });
});
