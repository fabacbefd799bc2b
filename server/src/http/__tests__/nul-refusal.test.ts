import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema } from '@assistant/contracts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { pathOfNul } from '../nul-refusal';

describe('a NUL character in a request', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('finds the first NUL in nested values and keys', () => {
    assert.equal(pathOfNul({ a: ['x', 'y'] }), undefined);
    assert.deepEqual(pathOfNul({ a: ['x', 'y\u0000'] }), ['a', 1]);
    assert.deepEqual(pathOfNul({ 'k\u0000': 1 }), ['k\u0000']);
  });

  // Found by the API fuzz: PostgreSQL's text cannot hold U+0000, so these were 500s.
  it('in a query is a 400 validation_failed naming the field, and nothing is changed', async () => {
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

  it('in a JSON body is a 400 validation_failed naming the field', async () => {
    const response = await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Re\u0000ports' } });
    assert.equal(response.statusCode, 400, response.body);
    const body = apiErrorSchema.parse(response.json());
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(body.issues?.[0]?.path, ['body', 'name']);
  });
});
