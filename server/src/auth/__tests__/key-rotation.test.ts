import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateKeyPair } from 'jose';
import { TestIssuer } from '../../testing/test-issuer';
import { createTokenVerifier, InvalidTokenError } from '../token-verifier';

const audience = 'urn:assistant:api';

describe('signing key rotation at the provider while the verifier runs', () => {
  let issuer: TestIssuer;
  before(async () => {
    issuer = await TestIssuer.start();
  });
  after(() => issuer.close());

  it('accepts the new key at once and the old one while it is published; unknown kids refetch at most once per cooldown', async () => {
    const cooldownMs = 400;
    const verifier = createTokenVerifier({ issuer: issuer.issuer, audience, algorithms: ['RS256'], jwksCooldownMs: cooldownMs });
    const oldKid = issuer.currentKid;
    const oldToken = await issuer.sign({ sub: 'before-rotation' }, { audience });
    await verifier.verify(oldToken);

    // Requests keep arriving while the provider rotates.
    let running = true;
    const background = (async () => {
      let checked = 0;
      while (running) {
        await verifier.verify(oldToken);
        checked += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return checked;
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const fetches = issuer.jwksRequests;

    try {
      // Rotated right after the verifier fetched the key set (within the cooldown).
      await issuer.rotateKey();
      const newToken = await issuer.sign({ sub: 'after-rotation' }, { audience });
      const started = Date.now();
      assert.equal((await verifier.verify(newToken)).sub, 'after-rotation', 'the new key is accepted');
      assert.ok(Date.now() - started <= cooldownMs + 200, 'at once, or at the latest when the cooldown ends');
      assert.equal(issuer.jwksRequests, fetches + 1, 'one refetch for the unknown kid');
      assert.equal((await verifier.verify(oldToken)).sub, 'before-rotation', 'the old key, still published, is still accepted');
      assert.equal(issuer.jwksRequests, fetches + 1);
    } finally {
      running = false;
    }
    assert.ok((await background) > 0);

    // A burst of tokens with kids nobody publishes: refused, and one fetch for all of them.
    const { privateKey } = await generateKeyPair('RS256');
    const burstFetches = issuer.jwksRequests;
    const forged = await Promise.all(
      Array.from({ length: 5 }, (_, i) => issuer.sign({ sub: 'forged' }, { audience, kid: `unknown-${i}`, signWith: privateKey })),
    );
    const burstStarted = Date.now();
    await Promise.all(forged.map((token) => assert.rejects(verifier.verify(token), InvalidTokenError)));
    // One fetch per cooldown window the burst spans: a burst that starts after the previous
    // window ended (a slow machine) may fetch at once and once more when the next window ends.
    const windows = Math.floor((Date.now() - burstStarted) / cooldownMs) + 1;
    assert.ok(
      issuer.jwksRequests <= burstFetches + windows,
      `rate-limited: ${issuer.jwksRequests - burstFetches} fetches for five unknown kids over ${windows} cooldown window(s)`,
    );
    const newToken = await issuer.sign({ sub: 'after-rotation' }, { audience });

    // The provider stops publishing the old key: once the set is fetched again, its tokens are refused.
    issuer.retireKey(oldKid);
    const fresh = createTokenVerifier({ issuer: issuer.issuer, audience, algorithms: ['RS256'] });
    await assert.rejects(fresh.verify(oldToken), /ERR_JWKS_NO_MATCHING_KEY/);
    assert.equal((await fresh.verify(newToken)).sub, 'after-rotation');
  });
});
