import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { configSchema, featureSetResponseSchema } from '@assistant/contracts';
import { decodeJwt } from 'jose';
import { refreshTokens, signInWithPkce } from '../support/pkce-sign-in';
import { startSystem, type RunningSystem } from '../support/start-system';

// The system as `npm start` runs it (server + dev identity provider + embedded database), driven
// over real HTTP the way the portal will: authorization code + PKCE, one refresh, then the API.
describe('sign-in through the running dev identity provider', () => {
  let system: RunningSystem;
  before(async () => {
    system = await startSystem();
  });
  after(async () => {
    await system.stop();
    system.cleanUp();
  });

  it('signs in as employee, refreshes once, and reads /api/config with the new token', async () => {
    const clientId = 'assistant-portal';
    const signedIn = await signInWithPkce({
      issuer: system.issuer,
      clientId,
      redirectUri: `${system.portalOrigin}/callback`,
      username: 'employee',
      password: 'employee',
      origin: system.portalOrigin,
    });
    assert.ok(signedIn.refresh_token, 'the portal client gets a refresh token without offline_access');
    assert.equal(decodeJwt(signedIn.access_token).sub, 'employee');

    const refreshed = await refreshTokens({
      issuer: system.issuer,
      clientId,
      refreshToken: signedIn.refresh_token!,
      origin: system.portalOrigin,
    });
    assert.notEqual(refreshed.access_token, signedIn.access_token);
    assert.notEqual(refreshed.refresh_token, signedIn.refresh_token, 'refresh tokens rotate');

    const response = await fetch(`${system.apiUrl}/api/config`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    assert.equal(response.status, 200);
    const config = configSchema.parse(await response.json());
    assert.equal(config.customization.application_name, 'Assistant');
    assert.equal(config.hasError, false);

    const featureSet = await fetch(`${system.apiUrl}/api/feature-set`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    assert.deepEqual(featureSetResponseSchema.parse(await featureSet.json()), { feature_set: 'BETA' });
  });

  it('refuses the API without a token and answers health without one', async () => {
    assert.equal((await fetch(`${system.apiUrl}/api/config`)).status, 401);
    assert.equal((await fetch(`${system.apiUrl}/health`)).status, 200);
  });

  it('stops cleanly on Ctrl-C (SIGINT) with exit code 0', async () => {
    const code = await system.stop();
    assert.equal(code, 0, system.output());
    await assert.rejects(fetch(`${system.apiUrl}/health`), 'the port is closed after the stop');
  });
});
