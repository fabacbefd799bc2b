import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { decodeProtectedHeader } from 'jose';
import { refreshTokens, signInWithPkce } from '../../../../tests/support/pkce-sign-in';
import { createTokenVerifier, tokenVerifierOptions } from '../../auth/token-verifier';
import { PORTAL_ORIGIN, REDIRECT_URI, startIdp, type IdpHarness } from './idp-harness';

describe('dev identity provider with short tokens and key rotation (DEV_IDP_ACCESS_TOKEN_TTL, DEV_IDP_KEY_ROTATION_SECONDS)', () => {
  let h: IdpHarness;
  before(async () => {
    h = await startIdp({ DEV_IDP_ACCESS_TOKEN_TTL: '20', DEV_IDP_KEY_ROTATION_SECONDS: '1' });
  });
  after(() => h.stop());

  const jwksKids = async () =>
    ((await (await fetch(`${h.idp.issuer}/jwks`)).json()) as { keys: Array<{ kid: string; d?: string }> }).keys.map((key) => {
      assert.equal(key.d, undefined);
      return key.kid;
    });

  test('signs with a new key after a rotation, keeps publishing the old one, and the API verifier accepts both', async () => {
    const verifier = createTokenVerifier({ ...tokenVerifierOptions(h.config.auth), jwksCooldownMs: 100 });
    const signIn = () =>
      signInWithPkce({ issuer: h.idp.issuer, clientId: h.config.auth.clientId, redirectUri: REDIRECT_URI, username: 'admin', password: 'admin', origin: PORTAL_ORIGIN });
    const first = await signIn();
    assert.ok(first.expires_in <= 20, `access token lifetime ${first.expires_in}`);
    const firstKid = decodeProtectedHeader(first.access_token).kid!;
    assert.equal((await verifier.verify(first.access_token)).sub, 'admin');

    // The rotation runs every second on a timer; on a loaded machine it can be late, so wait until
    // the provider publishes a newer key (rather than a fixed time) before renewing.
    const deadline = Date.now() + 15_000;
    while (!(await jwksKids()).some((kid) => kid !== firstKid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const renewed = await refreshTokens({ issuer: h.idp.issuer, clientId: h.config.auth.clientId, refreshToken: first.refresh_token!, origin: PORTAL_ORIGIN });
    const renewedKid = decodeProtectedHeader(renewed.access_token).kid!;
    assert.notEqual(renewedKid, firstKid, 'the renewed token is signed with a newer key');

    const published = await jwksKids();
    assert.ok(published.includes(firstKid) && published.includes(renewedKid), 'old and new key are published');
    assert.equal((await verifier.verify(renewed.access_token)).sub, 'admin', 'new key accepted');
    assert.equal((await verifier.verify(first.access_token)).sub, 'admin', 'old key still accepted');

    const stored = JSON.parse(await readFile(join(h.dataDir, 'idp', 'jwks.json'), 'utf8')) as { keys: Array<{ kid: string }> };
    assert.ok(stored.keys.some((key) => key.kid === firstKid), 'the keys survive a restart');
  });
});
