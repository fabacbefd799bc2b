import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { InvalidTokenError } from '../errors';
import { createJwtVerifier, JWT_CACHE_MAX_AGE_MS } from '../jwt-verifier';
import { TestIssuer } from '../../testing/test-issuer';

const audience = 'urn:assistant:api';

/** Signature checks made through WebCrypto (jose's), counted while `run` runs. */
async function signatureChecks(run: () => Promise<unknown>): Promise<number> {
  const verify = mock.method(crypto.subtle, 'verify');
  try {
    await run();
    return verify.mock.callCount();
  } finally {
    verify.mock.restore();
  }
}

describe('verified JWTs are kept until their exp (jwt-verifier cache)', () => {
  let issuer: TestIssuer;
  let clock: number;
  const verifier = () =>
    createJwtVerifier({
      metadata: async () => ({ issuer: issuer.issuer, jwksUri: `${issuer.issuer}/jwks` }),
      audience,
      algorithms: ['RS256'],
      jwksCooldownMs: 0,
      now: () => clock,
    });

  before(async () => {
    issuer = await TestIssuer.start();
  });
  after(() => issuer.close());

  it('verifies a token once and answers its next requests from the cache', async () => {
    clock = Date.now();
    const verify = verifier();
    const token = await issuer.sign({ sub: 'employee' }, { audience });
    assert.equal(await signatureChecks(() => verify(token)), 1);
    assert.equal(await signatureChecks(async () => assert.equal((await verify(token)).sub, 'employee')), 0);
    // Two requests with the same new token at once: one check.
    const other = await issuer.sign({ sub: 'other' }, { audience });
    assert.equal(await signatureChecks(() => Promise.all([verify(other), verify(other)])), 1);
  });

  it('refuses a cached token once its exp has passed (beyond the clock tolerance)', async () => {
    clock = Date.now();
    const verify = verifier();
    const exp = Math.floor(clock / 1000) + 30;
    const token = await issuer.sign({ sub: 'employee' }, { audience, expiresIn: exp });
    await verify(token);
    clock = exp * 1000 + 6_000;
    await assert.rejects(verify(token), (error: unknown) => error instanceof InvalidTokenError && /ERR_JWT_EXPIRED/.test(error.message));
  });

  it('checks the signature again after JWT_CACHE_MAX_AGE_MS, though exp is later', async () => {
    clock = Date.now();
    const verify = verifier();
    const token = await issuer.sign({ sub: 'employee' }, { audience, expiresIn: '1h' });
    await verify(token);
    clock += JWT_CACHE_MAX_AGE_MS - 1_000;
    assert.equal(await signatureChecks(() => verify(token)), 0);
    clock += 2_000;
    assert.equal(await signatureChecks(() => verify(token)), 1);
  });

  it('verifies every other token: a changed payload with a cached token\'s signature is refused', async () => {
    clock = Date.now();
    const verify = verifier();
    const token = await issuer.sign({ sub: 'employee' }, { audience });
    await verify(token);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', aud: audience, iss: issuer.issuer, exp: Math.floor(clock / 1000) + 600 })).toString('base64url')}.${signature}`;
    await assert.rejects(verify(forged), InvalidTokenError);
  });

  it('keeps no refused token: a token refused once is refused again, checked each time', async () => {
    clock = Date.now();
    const verify = verifier();
    const token = await issuer.sign({ sub: 'employee' }, { audience: 'urn:someone-else' });
    await assert.rejects(verify(token), InvalidTokenError);
    await assert.rejects(verify(token), InvalidTokenError);
  });

  it('cacheMaxAgeMs 0 verifies every request', async () => {
    clock = Date.now();
    const verify = createJwtVerifier({
      metadata: async () => ({ issuer: issuer.issuer, jwksUri: `${issuer.issuer}/jwks` }),
      audience,
      algorithms: ['RS256'],
      cacheMaxAgeMs: 0,
    });
    const token = await issuer.sign({ sub: 'employee' }, { audience });
    await verify(token);
    assert.equal(await signatureChecks(() => verify(token)), 1);
  });
});
