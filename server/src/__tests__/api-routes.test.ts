import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema, configSchema, featureFlagsSchema } from '@assistant/contracts';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('API routes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  describe('authentication', () => {
    it('answers health without a token', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/health' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: 'ok', database: 'ok' });
    });

    for (const url of ['/api/feature-flags', '/api/feature-set', '/api/version', '/api/config']) {
      it(`refuses ${url} without a token`, async () => {
        const response = await t.app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 401);
        assert.equal(response.headers['www-authenticate'], 'Bearer error="invalid_token"');
        assert.equal(apiErrorSchema.parse(response.json()).message, 'A bearer access token is required');
      });
    }

    it('refuses a malformed authorization header', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/version', headers: { authorization: 'Basic abc' } });
      assert.equal(response.statusCode, 401);
    });

    it('refuses an expired token with 401', async () => {
      const expiredAt = Math.floor(Date.now() / 1000) - 60;
      const token = await t.issuer.sign({ sub: 'employee' }, { audience: t.config.auth.audience, expiresIn: expiredAt });
      const response = await t.app.inject({ method: 'GET', url: '/api/version', headers: { authorization: `Bearer ${token}` } });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().message, 'The access token is invalid or expired');
    });

    it('refuses a token for another audience with 401', async () => {
      const token = await t.issuer.sign({ sub: 'employee' }, { audience: 'urn:other' });
      const response = await t.app.inject({ method: 'GET', url: '/api/version', headers: { authorization: `Bearer ${token}` } });
      assert.equal(response.statusCode, 401);
    });
  });

  describe('start-up calls', () => {
    it('answers the version', async () => {
      const response = await t.as('employee', { method: 'GET', url: '/api/version' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { version: '3.244.1-alpha.0' });
    });

    it('answers the seeded flags: every one on but browser-kept chats', async () => {
      const flags = featureFlagsSchema.parse((await t.as('employee', { method: 'GET', url: '/api/feature-flags' })).json());
      const { enableLocalChatHistory, ...rest } = flags;
      assert.equal(enableLocalChatHistory, false, 'the demo keeps chats on the server');
      assert.equal(Object.values(rest).every(Boolean), true);
      assert.equal(flags.enableChat, true);
    });

    it('answers the seeded feature set BETA', async () => {
      const response = await t.as('employee', { method: 'GET', url: '/api/feature-set' });
      assert.deepEqual(response.json(), { feature_set: 'BETA' });
    });

    it('answers the config with the limits of the environment and the customization', async () => {
      const response = await t.as('employee', { method: 'GET', url: '/api/config' });
      assert.equal(response.statusCode, 200);
      const config = configSchema.parse(response.json());
      assert.equal(config.maxFileUploadSizeMB, 20);
      assert.equal(config.maxAudioFileUploadSizeMB, 25);
      assert.equal(config.requestTimeoutInSeconds, 180);
      assert.equal(config.taskResultExpiryTime, 4320 * 60);
      assert.equal(config.hasError, false);
      assert.equal(config.customization.application_name, 'Assistant');
      assert.equal(config.customization.fonts.family, 'Raleway');
    });

    it('sets the security headers on every answer', async () => {
      const response = await t.as('employee', { method: 'GET', url: '/api/version' });
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['cache-control'], 'no-store');
    });
  });

  describe('permission check', () => {
    const askBoth = { permissions: [{ permission: 'AdministrateAssistant' }, { permission: 'NuminousAccess' }] };

    it('grants the employee neither permission', async () => {
      const response = await t.as('employee', { method: 'POST', url: '/api/iam/check_user', payload: askBoth });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { permissions: [] });
    });

    it('grants the admin both, and only what was asked', async () => {
      const both = await t.as('admin', { method: 'POST', url: '/api/iam/check_user', payload: askBoth });
      assert.deepEqual(both.json(), askBoth);
      const one = await t.as('admin', {
        method: 'POST',
        url: '/api/iam/check_user',
        payload: { permissions: [{ permission: 'NuminousAccess' }, { permission: 'SomethingElse' }] },
      });
      assert.deepEqual(one.json(), { permissions: [{ permission: 'NuminousAccess' }] });
    });

    it('answers 400 with the zod issues for a bad body', async () => {
      const response = await t.as('employee', {
        method: 'POST',
        url: '/api/iam/check_user',
        payload: { permissions: [{ permission: '' }] },
      });
      assert.equal(response.statusCode, 400);
      const body = apiErrorSchema.parse(response.json());
      assert.deepEqual(body.issues?.[0]?.path, ['body', 'permissions', 0, 'permission']);
      assert.match(body.message, /permissions\.0\.permission/);
    });
  });

  describe('admin settings', () => {
    it('refuses the employee with 403', async () => {
      const read = await t.as('employee', { method: 'GET', url: '/api/admin/settings' });
      assert.equal(read.statusCode, 403);
      const write = await t.as('employee', {
        method: 'PATCH',
        url: '/api/admin/settings',
        payload: { feature_set: '1' },
      });
      assert.equal(write.statusCode, 403);
      const flags = await t.as('employee', { method: 'GET', url: '/api/feature-set' });
      assert.deepEqual(flags.json(), { feature_set: 'BETA' }, 'a refused change must not be stored');
    });

    it('refuses the employee with 403 before it looks at the body', async () => {
      // A non-administrator learns nothing about the settings' shape from validation messages.
      const invalid = await t.as('employee', { method: 'PATCH', url: '/api/admin/settings', payload: { feature_flags: { enableChat: 'yes' } } });
      assert.equal(invalid.statusCode, 403, invalid.body);
      assert.equal(apiErrorSchema.parse(invalid.json()).issues, undefined);
      const notJson = await t.as('employee', { method: 'PATCH', url: '/api/admin/settings', headers: { 'content-type': 'application/json' }, payload: '{not json' });
      assert.equal(notJson.statusCode, 403, notJson.body);
    });

    it('lets the admin read and change flags, feature set and customization', async () => {
      const read = await t.as('admin', { method: 'GET', url: '/api/admin/settings' });
      assert.equal(read.statusCode, 200);
      const customization = { ...read.json().customization, application_name: 'Firmen-Assistent', support_email: 'help@corp.example' };
      const write = await t.as('admin', {
        method: 'PATCH',
        url: '/api/admin/settings',
        // 250700 hides /customization (BETA only): the change says it knows (confirm_lockout).
        payload: { feature_flags: { enableChat: false }, feature_set: '250700', customization, confirm_lockout: true },
      });
      assert.equal(write.statusCode, 200);

      const flags = (await t.as('employee', { method: 'GET', url: '/api/feature-flags' })).json();
      assert.equal(flags.enableChat, false);
      assert.equal(flags.enableTranslate, true, 'flags not named in the change keep their value');
      assert.deepEqual((await t.as('employee', { method: 'GET', url: '/api/feature-set' })).json(), { feature_set: '250700' });
      const config = (await t.as('employee', { method: 'GET', url: '/api/config' })).json();
      assert.equal(config.customization.application_name, 'Firmen-Assistent');
    });

    it('answers 400 naming each wrong field', async () => {
      const response = await t.as('admin', {
        method: 'PATCH',
        url: '/api/admin/settings',
        payload: { feature_flags: { enableChatt: true }, feature_set: 'FOO' },
      });
      assert.equal(response.statusCode, 400);
      const body = apiErrorSchema.parse(response.json());
      const paths = body.issues!.map((issue) => issue.path.join('.'));
      assert.ok(paths.includes('body.feature_set'), paths.join(', '));
      assert.ok(paths.some((path) => path.startsWith('body.feature_flags')), paths.join(', '));
    });

    it('answers 400 for a bad support email and a bad link', async () => {
      const read = (await t.as('admin', { method: 'GET', url: '/api/admin/settings' })).json();
      const response = await t.as('admin', {
        method: 'PATCH',
        url: '/api/admin/settings',
        payload: { customization: { ...read.customization, support_email: 'not-an-email', imprint_link: 'nope' } },
      });
      assert.equal(response.statusCode, 400);
      const messages = apiErrorSchema.parse(response.json()).issues!.map((issue) => issue.message);
      assert.ok(messages.includes('Must be an email address'), messages.join(', '));
      assert.ok(messages.some((m) => m.startsWith('Must be a URL')), messages.join(', '));
    });
  });

  describe('errors', () => {
    it('answers an unknown path with a 404 JSON body', async () => {
      const response = await t.as('employee', { method: 'GET', url: '/api/nothing-here?x=1' });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { statusCode: 404, error: 'Not Found', message: 'No route GET /api/nothing-here', code: 'not_found' });
    });

    it('answers invalid JSON with 400', async () => {
      const response = await t.as('employee', {
        method: 'POST',
        url: '/api/iam/check_user',
        headers: { 'content-type': 'application/json' },
        payload: '{"permissions": [',
      });
      assert.equal(response.statusCode, 400);
      assert.equal(apiErrorSchema.parse(response.json()).statusCode, 400);
    });
  });
});
