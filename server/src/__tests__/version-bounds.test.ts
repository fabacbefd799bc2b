import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema, MAX_STORED_INT } from '@assistant/contracts';
import { startTestApp, type TestApp } from '../testing/test-app';

// Found by the API fuzz: a version past PostgreSQL's integer (9007199254740977) compared with a
// stored app's version column failed in the database, a 500. A version a request names is
// bounded by MAX_STORED_INT, so it is a 400 naming the field, and nothing changes.
describe('a version number past what the database stores', () => {
  const TOO_BIG = MAX_STORED_INT + 1;
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const refusedAt = async (response: { statusCode: number; json(): unknown; body: string }, path: Array<string | number>) => {
    assert.equal(response.statusCode, 400, response.body);
    const body = apiErrorSchema.parse(response.json());
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(body.issues?.[0]?.path, path);
  };

  it('saving an app based on it is a 400, and the app stays as it was', async () => {
    const app = { name: 'Invitation', icon: 'mail', description: 'Writes an invitation', template: 'Invite to {{topic}}.', variables: [{ name: 'topic', label: 'Occasion', kind: 'short_text' }] };
    const created = await t.as('employee', { method: 'POST', url: '/api/custom-apps', payload: app });
    assert.equal(created.statusCode, 201, created.body);
    const { id } = created.json<{ id: string }>();
    await refusedAt(await t.as('employee', { method: 'PUT', url: `/api/custom-apps/${id}`, payload: { ...app, name: 'Renamed', version: 9007199254740977 } }), ['body', 'version']);
    await refusedAt(await t.as('employee', { method: 'GET', url: `/api/custom-apps/${id}/versions/${TOO_BIG}` }), ['params', 'version']);
    const stored = await t.as('employee', { method: 'GET', url: `/api/custom-apps/${id}` });
    assert.equal(stored.json<{ name: string; version: number }>().name, 'Invitation');
  });

  it('a canvas version or base version past it is a 400', async () => {
    const conversation = await t.as('employee', { method: 'POST', url: '/api/conversations?name=Notes' });
    const created = await t.as('employee', { method: 'POST', url: `/api/conversations/${conversation.json<{ id: string }>().id}/canvases`, payload: { title: 'Plan', markdown: '# Plan' } });
    assert.equal(created.statusCode, 201, created.body);
    const { id } = created.json<{ id: string }>();
    await refusedAt(await t.as('employee', { method: 'GET', url: `/api/canvases/${id}/versions/${TOO_BIG}` }), ['params', 'version']);
    await refusedAt(await t.as('employee', { method: 'POST', url: `/api/canvases/${id}/versions/1/restore`, payload: { base_version: TOO_BIG } }), ['body', 'base_version']);
  });

  it('an agent version past it is a 400', async () => {
    await refusedAt(await t.as('employee', { method: 'GET', url: `/api/agents/00000000-0000-4000-8000-000000000000/versions/${TOO_BIG}` }), ['params', 'version']);
  });
});
