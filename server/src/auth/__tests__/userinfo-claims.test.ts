import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PERMISSION_ADMINISTRATE, PERMISSION_DEVELOPER, PERMISSION_NUMINOUS } from '@assistant/contracts';
import { loadConfig } from '../../config';
import { TestIssuer } from '../../testing/test-issuer';
import { principalFromClaims, type Principal } from '../principal';
import { createTokenVerifier, IdentityProviderUnavailableError, InvalidTokenError, type TokenVerifierOptions } from '../token-verifier';

const audience = 'urn:assistant:api';
/** What the roles and groups grant: developer mode is everyone's while DEVELOPER_MODE_ROLE is unset. */
const fromClaims = (principal: Principal) => [...principal.permissions].filter((permission) => permission !== PERMISSION_DEVELOPER);

describe('roles and groups from userinfo', () => {
  let issuer: TestIssuer;
  before(async () => {
    issuer = await TestIssuer.start();
    // Like a provider with default settings: the token says who, userinfo says what they may.
    issuer.userinfo.set('admin', { email: 'admin@example.com', name: 'Adam Admin', roles: ['assistant-admin'], groups: ['numinous'] });
    issuer.userinfo.set('keycloak-admin', { realm_access: { roles: ['assistant-admin'] }, groups: ['/staff', 'numinous'] });
  });
  after(() => issuer.close());

  const auth = (env: Record<string, string> = {}) => loadConfig({ OIDC_ISSUER: issuer.issuer, ...env }).auth;
  const verifierFor = (a: ReturnType<typeof auth>, extra: Partial<TokenVerifierOptions> = {}) =>
    createTokenVerifier({
      issuer: a.issuer,
      audience: a.audience,
      algorithms: a.algorithms,
      claimsSource: a.claimsSource,
      rolesClaim: a.rolesClaim,
      groupsClaim: a.groupsClaim,
      introspection: { clientId: issuer.introspectionClient.id, clientSecret: issuer.introspectionClient.secret, checkAudience: true },
      ...extra,
    });

  it('gives the admin AdministrateAssistant through userinfo roles when the token carries none (auto)', async () => {
    const a = auth();
    const verifier = verifierFor(a);
    const token = await issuer.sign({ sub: 'admin' }, { audience });
    const before = issuer.userinfoRequests;
    const principal = principalFromClaims(await verifier.verify(token), a);
    assert.ok(principal.permissions.has(PERMISSION_ADMINISTRATE));
    assert.ok(principal.permissions.has(PERMISSION_NUMINOUS));
    assert.equal(principal.email, 'admin@example.com');
    assert.equal(principal.name, 'Adam Admin');
    await verifier.verify(token);
    assert.equal(issuer.userinfoRequests, before + 1, 'userinfo is cached per token');
  });

  it('does the same for an opaque token (the introspection answer counts as the token\'s claims)', async () => {
    const a = auth();
    const principal = principalFromClaims(await verifierFor(a).verify(issuer.issueOpaque({ sub: 'admin', aud: audience })), a);
    assert.deepEqual(fromClaims(principal).sort(), [PERMISSION_ADMINISTRATE, PERMISSION_NUMINOUS].sort());
  });

  it('fills only the missing claim: roles from the token, groups from userinfo', async () => {
    const a = auth();
    const claims = await verifierFor(a).verify(await issuer.sign({ sub: 'admin', roles: ['reader'] }, { audience }));
    const principal = principalFromClaims(claims, a);
    assert.deepEqual(principal.roles, ['reader'], 'the token\'s roles win');
    assert.deepEqual(principal.groups, ['numinous']);
  });

  it('asks no userinfo when the token carries both claims, even empty ones', async () => {
    const a = auth();
    const before = issuer.userinfoRequests;
    const principal = principalFromClaims(await verifierFor(a).verify(await issuer.sign({ sub: 'admin', roles: [], groups: [] }, { audience })), a);
    assert.equal(fromClaims(principal).length, 0);
    assert.equal(issuer.userinfoRequests, before);
  });

  it('reads nested claims (Keycloak realm_access.roles) from the token and from userinfo', async () => {
    const a = auth({ ROLES_CLAIM: 'realm_access.roles' });
    const fromToken = await verifierFor(a, { claimsSource: 'token' }).verify(
      await issuer.sign({ sub: 'kc', realm_access: { roles: ['offline_access', 'assistant-admin'] }, groups: [] }, { audience }),
    );
    assert.ok(principalFromClaims(fromToken, a).permissions.has(PERMISSION_ADMINISTRATE));
    const fromUserinfo = await verifierFor(a).verify(await issuer.sign({ sub: 'keycloak-admin', realm_access: { other: 1 } }, { audience }));
    const principal = principalFromClaims(fromUserinfo, a);
    assert.deepEqual(principal.roles, ['assistant-admin']);
    assert.deepEqual(principal.groups, ['/staff', 'numinous']);
    assert.deepEqual((fromUserinfo.realm_access as Record<string, unknown>).other, 1, 'the rest of the token\'s object stays');
  });

  it('with OIDC_CLAIMS_SOURCE=token never asks userinfo; with userinfo always, and userinfo wins', async () => {
    const before = issuer.userinfoRequests;
    const tokenOnly = auth({ OIDC_CLAIMS_SOURCE: 'token' });
    assert.equal(fromClaims(principalFromClaims(await verifierFor(tokenOnly).verify(await issuer.sign({ sub: 'admin' }, { audience })), tokenOnly)).length, 0);
    assert.equal(issuer.userinfoRequests, before);
    const userinfoOnly = auth({ OIDC_CLAIMS_SOURCE: 'userinfo' });
    const claims = await verifierFor(userinfoOnly).verify(await issuer.sign({ sub: 'admin', roles: [], groups: [] }, { audience }));
    assert.ok(principalFromClaims(claims, userinfoOnly).permissions.has(PERMISSION_ADMINISTRATE));
    assert.equal(issuer.userinfoRequests, before + 1);
  });

  it('in auto mode a failing userinfo leaves the user without roles (logged); in userinfo mode it refuses', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (details: object) => void warnings.push(details) };
    issuer.userinfoStatus = 401;
    try {
      const a = auth();
      const claims = await verifierFor(a, { log }).verify(await issuer.sign({ sub: 'admin' }, { audience }));
      assert.equal(fromClaims(principalFromClaims(claims, a)).length, 0);
      assert.match(JSON.stringify(warnings), /userinfo refused the access token \(401\)/);
      const strict = auth({ OIDC_CLAIMS_SOURCE: 'userinfo' });
      await assert.rejects(verifierFor(strict).verify(await issuer.sign({ sub: 'admin' }, { audience })), InvalidTokenError);
      issuer.userinfoStatus = 502;
      await assert.rejects(verifierFor(strict).verify(await issuer.sign({ sub: 'admin' }, { audience })), IdentityProviderUnavailableError);
    } finally {
      issuer.userinfoStatus = undefined;
    }
  });

  it('refuses userinfo about another subject', async () => {
    const a = auth({ OIDC_CLAIMS_SOURCE: 'userinfo' });
    const verifier = verifierFor(a, {
      fetchImpl: async (url, init) => {
        if (String(url).endsWith('/userinfo')) return Response.json({ sub: 'someone-else', roles: ['assistant-admin'] });
        return fetch(url, init);
      },
    });
    await assert.rejects(verifier.verify(await issuer.sign({ sub: 'admin' }, { audience })), /another "sub"/);
  });
});
