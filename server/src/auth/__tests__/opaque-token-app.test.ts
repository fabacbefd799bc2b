import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../testing/test-app';

const askBoth = { permissions: [{ permission: 'AdministrateAssistant' }, { permission: 'NuminousAccess' }] };

describe('the API with a provider that issues opaque tokens and keeps groups in userinfo', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(undefined, {
      issuer: { trailingSlash: true, introspectionClient: { id: 'assistant-api', secret: 'introspection-secret' } },
      env: { OIDC_INTROSPECTION_CLIENT_ID: 'assistant-api', OIDC_INTROSPECTION_CLIENT_SECRET: 'introspection-secret' },
    });
    t.issuer.userinfo.set('admin', { roles: [t.config.auth.adminRole], groups: [t.config.auth.numinousGroup] });
  });
  after(() => t.close());

  const call = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/iam/check_user', payload: askBoth, headers: { authorization: `Bearer ${token}` } });

  it('answers 200 to an opaque token, with the administrator\'s permissions from userinfo', async () => {
    const response = await call(t.issuer.issueOpaque({ sub: 'admin', aud: t.config.auth.audience }));
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), askBoth);
    const employee = await call(t.issuer.issueOpaque({ sub: 'employee', roles: [], groups: [] }));
    assert.deepEqual(employee.json(), { permissions: [] });
  });

  it('answers 401 to a token the provider does not know', async () => {
    const response = await call('unknown-opaque-token');
    assert.equal(response.statusCode, 401);
    assert.match(String(response.headers['www-authenticate']), /invalid_token/);
  });

  it('still accepts JWTs of the same provider (issuer with its trailing slash)', async () => {
    const response = await t.as('admin', { method: 'POST', url: '/api/iam/check_user', payload: askBoth });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), askBoth);
  });
});

describe('the API when introspection refuses its client credentials', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(undefined, {
      env: { OIDC_INTROSPECTION_CLIENT_ID: 'assistant-api', OIDC_INTROSPECTION_CLIENT_SECRET: 'wrong-secret' },
    });
  });
  after(() => t.close());

  it('answers 503 (not 401: the user need not sign in again)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/iam/check_user',
      payload: askBoth,
      headers: { authorization: `Bearer ${t.issuer.issueOpaque({ sub: 'employee' })}` },
    });
    assert.equal(response.statusCode, 503);
    assert.equal(response.headers['retry-after'], '5');
  });
});
