import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema } from '@assistant/contracts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { findUnstorableText } from '../unstorable-text';

describe('text PostgreSQL cannot store in a request', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('is found in nested values and keys: a NUL character or a lone surrogate', () => {
    assert.equal(findUnstorableText({ a: ['x', 'y 😀'] }), undefined);
    assert.deepEqual(findUnstorableText({ a: ['x', 'y\u0000'] })?.path, ['a', 1]);
    assert.deepEqual(findUnstorableText({ 'k\u0000': 1 })?.path, ['k\u0000']);
    assert.deepEqual(findUnstorableText({ b: { c: '\ud800' } })?.path, ['b', 'c']);
  });

  // Found by the API fuzz: PostgreSQL's text cannot hold U+0000, so these were 500s.
  it('a NUL character in a query is a 400 validation_failed naming the field, and nothing is changed', async () => {
    const created = await t.as('employee', { method: 'POST', url: '/api/conversations?name=Plans' });
    const id = created.json<{ id: string }>().id;
    const response = await t.as('employee', { method: 'PATCH', url: `/api/conversations/${id}?name=a%00b` });
    assert.equal(response.statusCode, 400, response.body);
    const body = apiErrorSchema.parse(response.json());
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(body.issues?.[0]?.path, ['querystring', 'name']);
    const list = await t.as('employee', { method: 'GET', url: '/api/conversations' });
    assert.deepEqual(list.json<{ conversations: Array<{ name: string }> }>().conversations.map((c) => c.name), ['Plans']);
  });

  // Found by the API fuzz: jsonb refuses the escape of a lone surrogate, so importing this agent was a 500.
  it('a lone surrogate in a JSON body is a 400 validation_failed naming the field', async () => {
    const agent = { name: 'Helper', instructions: 'Help.', tools: [], starter_prompts: ['ok', 'broken \ud800'], server_ids: [], collections: [] };
    const payload = { format: 'assistant-agent', format_version: 1, exported_at: '2026-01-01T00:00:00.000Z', agent };
    const response = await t.as('employee', { method: 'POST', url: '/api/agents/import', payload });
    assert.equal(response.statusCode, 400, response.body);
    const body = apiErrorSchema.parse(response.json());
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(body.issues?.[0]?.path, ['body', 'agent', 'starter_prompts', 1]);
    const list = await t.as('employee', { method: 'GET', url: '/api/agents' });
    assert.deepEqual(list.json<{ agents: unknown[] }>().agents, []);
  });

  it('a NUL character in a JSON body is a 400 validation_failed naming the field', async () => {
    const response = await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Re\u0000ports' } });
    assert.equal(response.statusCode, 400, response.body);
    const body = apiErrorSchema.parse(response.json());
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(body.issues?.[0]?.path, ['body', 'name']);
  });
});
