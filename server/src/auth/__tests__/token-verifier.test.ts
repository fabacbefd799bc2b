import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { base64url, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { TestIssuer } from '../../testing/test-issuer';
import { createTokenVerifier, InvalidTokenError, type TokenVerifier } from '../token-verifier';

const audience = 'urn:assistant:api';

describe('token verifier', () => {
  let issuer: TestIssuer;
  let verifier: TokenVerifier;

  before(async () => {
    issuer = await TestIssuer.start();
    verifier = createTokenVerifier({
      issuer: issuer.issuer,
      audience,
      algorithms: ['RS256'],
      jwksCooldownMs: 0,
    });
  });
  after(() => issuer.close());

  const refused = (token: string, reason: RegExp) =>
    assert.rejects(verifier.verify(token), (error: unknown) => {
      assert.ok(error instanceof InvalidTokenError, `expected InvalidTokenError, got ${String(error)}`);
      assert.match(error.message, reason);
      return true;
    });

  it('accepts a valid token and returns its claims', async () => {
    const claims = await verifier.verify(await issuer.sign({ sub: 'employee', email: 'e@example.com' }, { audience }));
    assert.equal(claims.sub, 'employee');
    assert.equal(claims.email, 'e@example.com');
    assert.equal(claims.iss, issuer.issuer);
  });

  it('refuses an expired token', async () => {
    const token = await issuer.sign({ sub: 'employee' }, { audience, expiresIn: Math.floor(Date.now() / 1000) - 60 });
    await refused(token, /ERR_JWT_EXPIRED/);
  });

  it('refuses a token of another issuer', async () => {
    await refused(await issuer.sign({ sub: 'employee' }, { audience, issuer: 'https://evil.example' }), /"iss" claim/);
  });

  it('refuses a token for another audience', async () => {
    await refused(await issuer.sign({ sub: 'employee' }, { audience: 'urn:other:api' }), /"aud" claim/);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const token = new UnsecuredJWT({ sub: 'admin', roles: ['assistant-admin'] })
      .setIssuer(issuer.issuer)
      .setAudience(audience)
      .setExpirationTime('10m')
      .encode();
    await refused(token, /ERR_JOSE_ALG_NOT_ALLOWED|ERR_JWS_INVALID/);
  });

  it('refuses an HMAC token signed with the public key (algorithm confusion)', async () => {
    const token = await new SignJWT({ sub: 'admin' })
      .setProtectedHeader({ alg: 'HS256', kid: issuer.currentKid })
      .setIssuer(issuer.issuer)
      .setAudience(audience)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('public-key-material-as-secret-000'));
    await refused(token, /ERR_JOSE_ALG_NOT_ALLOWED/);
  });

  it('refuses a token signed by a key the issuer does not publish (unknown kid)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await issuer.sign({ sub: 'employee' }, { audience, kid: 'not-published', signWith: privateKey });
    await refused(token, /ERR_JWKS_NO_MATCHING_KEY/);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = (await issuer.sign({ sub: 'employee' }, { audience })).split('.');
    const forged = base64url.encode(
      JSON.stringify({ sub: 'admin', roles: ['assistant-admin'], iss: issuer.issuer, aud: audience, exp: 9_999_999_999 }),
    );
    await refused(`${header}.${forged}.${signature}`, /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/);
  });

  it('refuses a token without exp', async () => {
    const token = await issuer.sign({ sub: 'employee' }, { audience, expiresIn: null });
    await refused(token, /"exp" claim/);
  });

  it('picks up a rotated key by re-fetching the key set for an unknown kid', async () => {
    await verifier.verify(await issuer.sign({ sub: 'employee' }, { audience }));
    const fetchesBefore = issuer.jwksRequests;
    await issuer.rotateKey();
    const claims = await verifier.verify(await issuer.sign({ sub: 'after-rotation' }, { audience }));
    assert.equal(claims.sub, 'after-rotation');
    assert.equal(issuer.jwksRequests, fetchesBefore + 1);
  });
});
