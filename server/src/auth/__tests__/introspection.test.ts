import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestIssuer } from '../../testing/test-issuer';
import { createIntrospection, INACTIVE_CACHE_MS } from '../introspection';
import { createTokenVerifier, IdentityProviderUnavailableError, InvalidTokenError, type TokenVerifierOptions } from '../token-verifier';

const audience = 'urn:assistant:api';

describe('opaque access tokens through RFC 7662 introspection', () => {
  let issuer: TestIssuer;
  before(async () => {
    issuer = await TestIssuer.start({ trailingSlash: true });
  });
  after(() => issuer.close());

  const verifierWith = (options: Partial<TokenVerifierOptions> = {}) =>
    createTokenVerifier({
      issuer: issuer.issuer,
      audience,
      algorithms: ['RS256'],
      introspection: { clientId: issuer.introspectionClient.id, clientSecret: issuer.introspectionClient.secret, checkAudience: true },
      ...options,
    });
  const refused = (promise: Promise<unknown>, kind: typeof InvalidTokenError | typeof IdentityProviderUnavailableError, reason: RegExp) =>
    assert.rejects(promise, (error: unknown) => {
      assert.ok(error instanceof kind, `expected ${kind.name}, got ${String(error)}`);
      assert.match(error.message, reason);
      return true;
    });

  it('accepts an active token and asks the provider once per token (cached by hash until exp)', async () => {
    const verifier = verifierWith();
    const token = issuer.issueOpaque({ sub: 'employee', aud: audience, email: 'e@example.com' });
    const before = issuer.introspectionRequests;
    const [first, second] = await Promise.all([verifier.verify(token), verifier.verify(token)]);
    const third = await verifier.verify(token);
    assert.equal(first.sub, 'employee');
    assert.equal(second.email, 'e@example.com');
    assert.equal(third.sub, 'employee');
    assert.equal(issuer.introspectionRequests, before + 1, 'three checks, one introspection call');
    await verifier.verify(issuer.issueOpaque({ sub: 'colleague' }));
    assert.equal(issuer.introspectionRequests, before + 2, 'another token is asked about');
  });

  it('refuses an inactive token (unknown or revoked) and believes that answer for a while', async () => {
    const verifier = verifierWith();
    const before = issuer.introspectionRequests;
    await refused(verifier.verify('no-such-token-at-the-provider'), InvalidTokenError, /not active/);
    await refused(verifier.verify('no-such-token-at-the-provider'), InvalidTokenError, /not active/);
    assert.equal(issuer.introspectionRequests, before + 1);

    const token = issuer.issueOpaque({ sub: 'employee' });
    issuer.revokeOpaque(token);
    await refused(verifier.verify(token), InvalidTokenError, /not active/);
  });

  it('refuses a wrong client secret as a provider problem with a reason to log, and does not cache it', async () => {
    const verifier = verifierWith({ introspection: { clientId: issuer.introspectionClient.id, clientSecret: 'wrong', checkAudience: true } });
    const token = issuer.issueOpaque({ sub: 'employee' });
    await refused(verifier.verify(token), IdentityProviderUnavailableError, /refused the client credentials \(401\).*OIDC_INTROSPECTION_CLIENT_SECRET/);
    const before = issuer.introspectionRequests;
    await refused(verifier.verify(token), IdentityProviderUnavailableError, /401/);
    assert.equal(issuer.introspectionRequests, before + 1);
  });

  it('refuses an answer for another audience or issuer, and checks the audience only when configured', async () => {
    const forOther = issuer.issueOpaque({ sub: 'employee', aud: ['urn:other:api'] });
    await refused(verifierWith().verify(forOther), InvalidTokenError, /"aud"/);
    const lenient = verifierWith({ introspection: { clientId: issuer.introspectionClient.id, clientSecret: issuer.introspectionClient.secret, checkAudience: false } });
    assert.equal((await lenient.verify(forOther)).sub, 'employee');
    await refused(verifierWith().verify(issuer.issueOpaque({ sub: 'employee', iss: 'https://evil.example/' })), InvalidTokenError, /"iss"/);
  });

  it('refuses an expired answer, one without exp, and a refresh token', async () => {
    const verifier = verifierWith();
    await refused(verifier.verify(issuer.issueOpaque({ sub: 'employee', exp: undefined as unknown as number })), InvalidTokenError, /no "exp"/);
    await refused(verifier.verify(issuer.issueOpaque({ sub: 'employee', token_type: 'refresh_token' })), InvalidTokenError, /refresh token/);
    await refused(verifier.verify(issuer.issueOpaque({ sub: 'employee', exp: Math.floor(Date.now() / 1000) - 60 })), InvalidTokenError, /not active/);
  });

  it('in auto mode verifies a JWT locally and introspects only what is not one', async () => {
    const verifier = verifierWith();
    const before = issuer.introspectionRequests;
    assert.equal((await verifier.verify(await issuer.sign({ sub: 'jwt-user' }, { audience }))).sub, 'jwt-user');
    assert.equal(issuer.introspectionRequests, before);
    // Three dots but no JSON header: not a JWS, so introspected (and unknown there).
    await refused(verifier.verify('abc.def.ghi'), InvalidTokenError, /not active/);
    assert.equal(issuer.introspectionRequests, before + 1);
  });

  it('introspects JWTs too with OIDC_TOKEN_FORMAT=opaque, and refuses opaque tokens with jwt or without an introspection client', async () => {
    const jwt = await issuer.sign({ sub: 'jwt-user' }, { audience });
    await refused(verifierWith({ tokenFormat: 'opaque' }).verify(jwt), InvalidTokenError, /not active/);
    const opaque = issuer.issueOpaque({ sub: 'employee' });
    await refused(verifierWith({ tokenFormat: 'jwt' }).verify(opaque), InvalidTokenError, /ERR_JWS_INVALID/);
    await refused(verifierWith({ introspection: undefined }).verify(opaque), InvalidTokenError, /no token introspection is configured/);
  });

  it('caches an inactive answer briefly and an active one until exp', async () => {
    let clock = Date.now();
    let calls = 0;
    const exp = Math.floor(clock / 1000) + 120;
    const introspection = createIntrospection({
      endpoint: async () => 'https://id.example/introspect',
      issuer: async () => 'https://id.example/',
      clientId: 'c',
      clientSecret: 's',
      audience,
      now: () => clock,
      fetchImpl: async (_url, init) => {
        calls += 1;
        assert.equal(new Headers(init?.headers).get('authorization'), `Basic ${Buffer.from('c:s').toString('base64')}`);
        const token = new URLSearchParams(String(init?.body)).get('token');
        return Response.json(token === 'good' ? { active: true, sub: 'u', exp, aud: audience } : { active: false });
      },
    });
    await introspection.introspect('good');
    await assert.rejects(introspection.introspect('bad'), InvalidTokenError);
    clock += INACTIVE_CACHE_MS - 1000;
    await introspection.introspect('good');
    await assert.rejects(introspection.introspect('bad'), InvalidTokenError);
    assert.equal(calls, 2);
    clock += 2000;
    await assert.rejects(introspection.introspect('bad'), InvalidTokenError);
    await introspection.introspect('good');
    assert.equal(calls, 3, 'the inactive answer is asked again after 30 s, the active one is still cached');
    clock = exp * 1000 + 1;
    await introspection.introspect('good').catch(() => undefined);
    assert.equal(calls, 4, 'after exp the provider is asked again');
  });

  it('refuses an answer that is not an introspection response', async () => {
    const introspection = createIntrospection({
      endpoint: async () => 'https://id.example/introspect',
      issuer: async () => 'https://id.example/',
      clientId: 'c',
      clientSecret: 's',
      audience,
      fetchImpl: async () => Response.json({ active: 'yes' }),
    });
    await refused(introspection.introspect('x'), IdentityProviderUnavailableError, /no valid introspection response/);
  });
});
