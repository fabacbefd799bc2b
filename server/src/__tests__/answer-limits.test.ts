import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { conversationSchema, messageListResponseSchema } from '@assistant/contracts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { parseEvents, startChatTestApp, type ChatTestApp } from './support/chat-test-app';

/** 20,000 pieces of 10 characters: an endpoint that ignores max_tokens and answers 200,000 characters. */
const ENDLESS = Array.from({ length: 20_000 }, () => 'abcdefghi ');

/**
 * Model answers are bounded: every call carries MODEL_MAX_TOKENS, and an answer longer than
 * MAX_ANSWER_CHARACTERS (an endpoint that ignores max_tokens) is cut there, not kept whole.
 */
describe('answer limits', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let t: ChatTestApp;
  before(async () => {
    handle = await openTestPglite();
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        { system: 'Classify the user', reply: '{"greeting":false,"chitchat":false,"question":true,"clarification":false,"unclear":false,"summary":false}' },
        { system: 'Write a short title', reply: 'Long answer' },
        { match: /./, chunks: ENDLESS },
      ],
    });
    t = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url, MODEL_MAX_TOKENS: '300', MAX_ANSWER_CHARACTERS: '2000' });
  });
  after(async () => {
    await t.close();
    await model.close();
    await handle.close();
  });

  it('sends max_tokens from the configuration with the answer and with the side calls', async () => {
    const conversation = conversationSchema.parse((await t.as('employee', { method: 'POST', url: '/api/conversations?name=Tokens' })).json());
    await t.as('employee', { method: 'POST', url: `/api/conversations/${conversation.id}/messages/v2`, payload: { content: 'Tell me everything' } });
    const calls = model.chatRequests();
    assert.ok(calls.length >= 2, 'the answer and at least one side call');
    for (const call of calls) {
      assert.equal(typeof call.body.max_tokens, 'number', `${call.systemMessage ?? 'answer'} has max_tokens`);
      assert.ok(call.body.max_tokens <= 300, `${call.systemMessage ?? 'answer'}: ${call.body.max_tokens}`);
    }
    assert.equal(calls.find((call) => call.stream)!.body.max_tokens, 300);
  });

  it('cuts a chat answer at MAX_ANSWER_CHARACTERS, says so, and stores no more than that', async () => {
    const conversation = conversationSchema.parse((await t.as('employee', { method: 'POST', url: '/api/conversations?name=Long' })).json());
    const response = await t.as('employee', { method: 'POST', url: `/api/conversations/${conversation.id}/messages/v2`, payload: { content: 'Go on forever' } });
    assert.equal(response.statusCode, 200, response.body);
    const events = parseEvents(response.body);
    const last = events.at(-1)!;
    assert.ok(last.kind === 'error', `ends with an error, not ${last.kind}`);
    assert.equal(last.code, 'answer_too_long');
    assert.match(last.message, /longer than 2,000 characters/);
    const listed = messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${conversation.id}/messages` })).json());
    const answer = listed.messages.find((message) => message.role === 'assistant')!;
    assert.equal(answer.status, 'error');
    assert.ok(answer.content.length <= 2000 && answer.content.length > 1900, `${answer.content.length} characters stored`);
  });

  it('cuts a browser-kept conversation\'s answer (POST /api/chat/stream) the same way', async () => {
    const response = await t.as('employee', { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Go on forever' } } });
    assert.equal(response.statusCode, 200, response.body);
    const last = parseEvents(response.body).at(-1)!;
    assert.ok(last.kind === 'error' && last.code === 'answer_too_long', JSON.stringify(last));
  });

  it('cuts an easy-language rewrite the same way', async () => {
    const response = await t.as('employee', { method: 'POST', url: '/api/easy-language', payload: { text: 'Ein langer Text.', locale: 'de' } });
    assert.equal(response.statusCode, 200, response.body);
    const last = parseEvents(response.body).at(-1)!;
    assert.ok(last.kind === 'error' && last.code === 'answer_too_long', JSON.stringify(last));
  });
});
