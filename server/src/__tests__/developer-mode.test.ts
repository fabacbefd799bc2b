import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  PERMISSION_DEVELOPER,
  REQUEST_ID_HEADER,
  conversationSchema,
  messageListResponseSchema,
  permissionCheckResponseSchema,
  type StreamEvent,
} from '@assistant/contracts';
import type { InjectOptions } from 'fastify';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { buildApp } from '../app';
import { createTokenVerifier } from '../auth/token-verifier';
import type { DatabaseHandle } from '../db/database';
import { testConfig } from '../testing/test-config';
import { TestIssuer } from '../testing/test-issuer';
import { openTestPglite } from '../testing/test-pglite';
import { parseEvents } from './support/chat-test-app';

const USERS = {
  employee: { sub: 'employee', roles: [], groups: [] },
  other: { sub: 'other-employee', roles: [], groups: [] },
  developer: { sub: 'developer', roles: [], groups: ['platform-developers'] },
};
type User = keyof typeof USERS;

/** The API with its own issuer, so a test can name DEVELOPER_MODE_ROLE. */
async function startApp(handle: DatabaseHandle, env: NodeJS.ProcessEnv) {
  const issuer = await TestIssuer.start();
  const config = testConfig(issuer.issuer, env);
  const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
  const app = await buildApp({ config, db: handle.db, verifier, logger: false });
  return {
    async as(user: User, options: InjectOptions) {
      const token = await issuer.sign(USERS[user], { audience: config.auth.audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    async close() {
      await app.close();
      await issuer.close();
    },
  };
}
type App = Awaited<ReturnType<typeof startApp>>;

const details = (events: StreamEvent[]) => events.flatMap((event) => (event.kind === 'details' ? [event] : []));

describe('developer mode', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let open: App;
  let restricted: App;

  before(async () => {
    handle = await openTestPglite();
    model = await startScriptedModelServer({ models: ['scripted-model'] });
    open = await startApp(handle, { OPENAI_BASE_URL: model.url });
    restricted = await startApp(handle, { OPENAI_BASE_URL: model.url, DEVELOPER_MODE_ROLE: 'platform-developers' });
  });
  after(async () => {
    await open.close();
    await restricted.close();
    await model.close();
    await handle.close();
  });
  beforeEach(() => {
    model.setScript({ rules: [...sideCallRules('Dev'), { match: /^Hello/, reply: 'Hello there, developer.', usage: { prompt_tokens: 42, completion_tokens: 7 }, delayMs: 5 }] });
    model.requests.length = 0;
  });

  async function conversation(app: App, user: User) {
    const response = await app.as(user, { method: 'POST', url: '/api/conversations?name=Dev' });
    assert.equal(response.statusCode, 201, response.body);
    return conversationSchema.parse(response.json()).id;
  }
  async function ask(app: App, user: User, conversationId: string, payload: Record<string, unknown>) {
    const response = await app.as(user, { method: 'POST', url: `/api/conversations/${conversationId}/messages/v2`, payload });
    assert.equal(response.statusCode, 200, response.body);
    return { response, events: parseEvents(response.body) };
  }
  async function messages(app: App, user: User, conversationId: string) {
    const response = await app.as(user, { method: 'GET', url: `/api/conversations/${conversationId}/messages` });
    assert.equal(response.statusCode, 200, response.body);
    return messageListResponseSchema.parse(response.json()).messages;
  }

  it('asks the model for streamed usage and sends the answer’s model, tokens, timings and request id before done', async () => {
    const id = await conversation(open, 'employee');
    const { response, events } = await ask(open, 'employee', id, { content: 'Hello model', developer_mode: true });
    const answerCall = model.requests.find((request) => request.lastUserMessage === 'Hello model' && request.stream);
    assert.equal(answerCall?.includeUsage, true);

    const [sent] = details(events);
    assert.ok(sent, 'a details event');
    assert.deepEqual(events.slice(-2).map((event) => event.kind), ['details', 'done']);
    const message = events.find((event) => event.kind === 'message');
    assert.equal(sent.message_id, message?.kind === 'message' ? message.assistant_message_id : undefined);
    assert.equal(sent.details.model, 'scripted-model');
    assert.equal(sent.details.input_tokens, 42);
    assert.equal(sent.details.output_tokens, 7);
    assert.equal(sent.details.model_calls, 1);
    assert.ok(sent.details.time_to_first_token_ms !== undefined && sent.details.total_ms !== undefined);
    assert.ok(sent.details.time_to_first_token_ms <= sent.details.total_ms);
    assert.equal(sent.details.request_id, response.headers[REQUEST_ID_HEADER]);
    // Tracing is off in this app: no trace to show or link.
    assert.equal(sent.details.trace_id, undefined);

    // Stored with the answer: a reload shows them.
    const answer = (await messages(open, 'employee', id)).find((entry) => entry.role === 'assistant');
    assert.deepEqual(answer?.details, sent.details);
  });

  it('sums the usage of every model call of an answer with tool rounds and keeps each call’s raw arguments and result', async () => {
    model.setScript({
      rules: [
        ...sideCallRules('Dev'),
        { match: /^Look/, offersTools: true, afterToolResults: false, toolCalls: [{ name: 'read_document_page', arguments: '{"file_id":"nope","page":1}' }], usage: { prompt_tokens: 10, completion_tokens: 2 } },
        { afterToolResults: true, reply: 'Nothing to read.', usage: { prompt_tokens: 30, completion_tokens: 4 } },
      ],
    });
    const id = await conversation(open, 'employee');
    const { events } = await ask(open, 'employee', id, { content: 'Look it up', developer_mode: true });
    const [sent] = details(events);
    assert.equal(sent?.details.model_calls, 2);
    assert.equal(sent?.details.input_tokens, 40);
    assert.equal(sent?.details.output_tokens, 6);
    const [call] = sent?.details.tool_calls ?? [];
    assert.equal(call?.name, 'read_document_page');
    assert.equal(call?.arguments, '{"file_id":"nope","page":1}');
    assert.ok(call?.result !== undefined || call?.error !== undefined, 'the call’s raw result or failure');
  });

  it('streams no details when the message was sent with developer mode off, and keeps them with the answer for when it is on', async () => {
    const id = await conversation(open, 'employee');
    const { events } = await ask(open, 'employee', id, { content: 'Hello quietly' });
    assert.deepEqual(details(events), []);
    assert.equal(events.at(-1)?.kind, 'done');
    const answer = (await messages(open, 'employee', id)).find((entry) => entry.role === 'assistant');
    assert.equal(answer?.details?.input_tokens, 42);
  });

  it('is everyone’s by default and, restricted to a group, only that group’s: no details, no events, no permission for the rest', async () => {
    const permissions = async (app: App, user: User) => {
      const response = await app.as(user, { method: 'POST', url: '/api/iam/check_user', payload: { permissions: [{ permission: PERMISSION_DEVELOPER }] } });
      return permissionCheckResponseSchema.parse(response.json()).permissions.map((entry) => entry.permission);
    };
    assert.deepEqual(await permissions(open, 'employee'), [PERMISSION_DEVELOPER]);
    assert.deepEqual(await permissions(restricted, 'employee'), []);
    assert.deepEqual(await permissions(restricted, 'developer'), [PERMISSION_DEVELOPER]);

    const theirs = await conversation(restricted, 'employee');
    const { events } = await ask(restricted, 'employee', theirs, { content: 'Hello there', developer_mode: true });
    assert.deepEqual(details(events), []);
    assert.equal(events.at(-1)?.kind, 'done');
    const download = await restricted.as('employee', { method: 'GET', url: `/api/conversations/${theirs}/events.jsonl` });
    assert.equal(download.statusCode, 403);
    assert.equal(download.json().code, 'forbidden');

    const mine = await conversation(restricted, 'developer');
    assert.equal(details((await ask(restricted, 'developer', mine, { content: 'Hello group', developer_mode: true })).events).length, 1);

    // An answer stored while the user could have them is not shown once they can no longer.
    const earlier = await conversation(open, 'employee');
    await ask(open, 'employee', earlier, { content: 'Hello earlier' });
    assert.ok((await messages(open, 'employee', earlier)).some((message) => message.details !== undefined));
    assert.ok((await messages(restricted, 'employee', earlier)).every((message) => message.details === undefined));
  });

  it('downloads the raw events of answers given with developer mode on, as streamed, to the owner only', async () => {
    const id = await conversation(open, 'employee');
    const first = await ask(open, 'employee', id, { content: 'Hello one', developer_mode: true });
    // Developer mode off for this one: it is not kept.
    await ask(open, 'employee', id, { content: 'Hello two' });
    const third = await ask(open, 'employee', id, { content: 'Hello three', developer_mode: true });

    const download = await open.as('employee', { method: 'GET', url: `/api/conversations/${id}/events.jsonl` });
    assert.equal(download.statusCode, 200, download.body);
    assert.match(String(download.headers['content-type']), /^application\/x-ndjson/);
    assert.match(String(download.headers['content-disposition']), /^attachment; filename="conversation-.*\.events\.jsonl"$/);
    assert.equal(download.body, first.response.body + third.response.body);

    const foreign = await open.as('other', { method: 'GET', url: `/api/conversations/${id}/events.jsonl` });
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().code, 'not_found');
    const missing = await open.as('employee', { method: 'GET', url: '/api/conversations/00000000-0000-4000-8000-000000000000/events.jsonl' });
    assert.equal(missing.statusCode, 404);
  });

  it('names every answer, errors included, with a request id header', async () => {
    const refused = await open.as('employee', { method: 'GET', url: '/api/conversations/not-a-uuid/messages' });
    assert.equal(refused.statusCode, 400);
    const idOfRefusal = refused.headers[REQUEST_ID_HEADER];
    assert.match(String(idOfRefusal), /^[0-9a-f-]{36}$/);
    const again = await open.as('employee', { method: 'GET', url: '/api/conversations/not-a-uuid/messages', headers: { [REQUEST_ID_HEADER]: 'chosen-by-caller' } });
    assert.notEqual(again.headers[REQUEST_ID_HEADER], idOfRefusal);
    assert.notEqual(again.headers[REQUEST_ID_HEADER], 'chosen-by-caller');
  });
});
