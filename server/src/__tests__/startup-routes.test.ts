import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startupResponseSchema } from '@assistant/contracts';
import { startTestApp, type TestApp } from '../testing/test-app';

/** GET /api/startup: the single start-up calls in one answer, per user. */
describe('GET /api/startup', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('refuses a request without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/startup' });
    assert.equal(response.statusCode, 401);
  });

  it('answers what the single calls answer: flags, feature set, config; not cacheable by others', async () => {
    const response = await t.as('employee', { method: 'GET', url: '/api/startup' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const startup = startupResponseSchema.parse(response.json());
    const [flags, featureSet, config] = await Promise.all(
      ['/api/feature-flags', '/api/feature-set', '/api/config'].map(async (url) => (await t.as('employee', { method: 'GET', url })).json()),
    );
    assert.deepEqual(startup.flags, flags);
    assert.equal(startup.feature_set, featureSet.feature_set);
    assert.deepEqual(startup.config, config);
  });

  it('lists the known permissions the user holds: developer mode (unrestricted) for the employee, all three for the admin', async () => {
    const employee = startupResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/startup' })).json());
    assert.deepEqual(employee.permissions, ['DeveloperMode']);
    const admin = startupResponseSchema.parse((await t.as('admin', { method: 'GET', url: '/api/startup' })).json());
    assert.deepEqual(admin.permissions.sort(), ['AdministrateAssistant', 'DeveloperMode', 'NuminousAccess']);
  });

  it('follows a settings change at once', async () => {
    const patch = await t.as('admin', {
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: { feature_flags: { enableChat: false }, feature_set: '250700', confirm_lockout: true },
    });
    assert.equal(patch.statusCode, 200, patch.body);
    const after = startupResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/startup' })).json());
    assert.equal(after.feature_set, '250700');
    assert.equal(after.flags.enableChat, false);
  });
});
