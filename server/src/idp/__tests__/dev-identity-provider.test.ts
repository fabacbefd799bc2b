import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import {
  authorizeWithPkce,
  CookieJar,
  createPkcePair,
  discover,
  exchangeCode,
  refreshTokens,
  SignInError,
  signInWithPkce,
  TokenEndpointError,
} from '../../../../tests/support/pkce-sign-in';
import { PORTAL_ORIGIN, REDIRECT_URI, startIdp, type IdpHarness } from './idp-harness';

describe('dev identity provider over HTTP', () => {
  let h: IdpHarness;
  let issuer: string;
  let clientId: string;

  before(async () => {
    h = await startIdp();
    issuer = h.idp.issuer;
    clientId = h.config.auth.clientId;
  });
  after(() => h.stop());

  const signIn = (username: string, password = username) =>
    signInWithPkce({ issuer, clientId, redirectUri: REDIRECT_URI, username, password, origin: PORTAL_ORIGIN });

  const verifyAccessToken = (token: string) =>
    jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
      issuer,
      audience: h.config.auth.audience,
      algorithms: ['RS256'],
    });

  test('serves discovery and a public JWKS', async () => {
    const metadata = await discover(issuer);
    assert.equal(metadata.issuer, issuer);
    assert.equal(metadata.jwks_uri, `${issuer}/jwks`);
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.ok(metadata.userinfo_endpoint);
    assert.ok(metadata.end_session_endpoint);
    for (const scope of ['openid', 'email', 'profile']) {
      assert.ok((metadata.scopes_supported as string[]).includes(scope), scope);
    }

    const jwks = (await (await fetch(metadata.jwks_uri)).json()) as { keys: Record<string, unknown>[] };
    assert.equal(jwks.keys.length, 1);
    const [key] = jwks.keys;
    assert.equal(key?.kty, 'RSA');
    assert.equal(key?.alg, 'RS256');
    assert.ok(key?.kid);
    assert.equal(key?.d, undefined, 'no private key material');
  });

  test('employee signs in; the access token verifies against the JWKS with iss and aud', async () => {
    const tokens = await signIn('employee');
    assert.equal(tokens.token_type, 'Bearer');
    assert.ok(tokens.id_token);
    assert.ok(tokens.refresh_token, 'refresh token without offline_access');
    assert.ok(tokens.expires_in > 0 && tokens.expires_in <= 15 * 60);
    assert.equal(tokens.scope, 'openid email profile');

    const { payload, protectedHeader } = await verifyAccessToken(tokens.access_token);
    assert.equal(protectedHeader.typ, 'at+jwt');
    assert.equal(payload.sub, 'employee');
    assert.equal(payload.email, 'employee@example.com');
    assert.equal(payload.name, 'Erika Employee');
    assert.equal(payload.preferred_username, 'employee');
    assert.equal(payload.client_id, clientId);
    assert.deepEqual(payload[h.config.auth.rolesClaim], []);
    assert.deepEqual(payload[h.config.auth.groupsClaim], ['finance']);

    const idToken = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
      issuer,
      audience: clientId,
    });
    assert.equal(idToken.payload.sub, 'employee');
    assert.equal(idToken.payload.email, 'employee@example.com');
  });

  test("admin's access token carries the admin role, their department and the numinous group", async () => {
    const tokens = await signIn('admin');
    const { payload } = await verifyAccessToken(tokens.access_token);
    assert.equal(payload.sub, 'admin');
    assert.deepEqual(payload[h.config.auth.rolesClaim], [h.config.auth.adminRole]);
    assert.deepEqual(payload[h.config.auth.groupsClaim], ['it', h.config.auth.numinousGroup]);
  });

  test("the outsider's access token carries another department than the employee's", async () => {
    const { payload } = await verifyAccessToken((await signIn('outsider')).access_token);
    assert.equal(payload.name, 'Olivia Outsider');
    assert.deepEqual(payload[h.config.auth.groupsClaim], ['sales']);
  });

  test('the login page is a labelled form without inline script, served with a CSP', async () => {
    const metadata = await discover(issuer);
    const { challenge } = createPkcePair();
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const jar = new CookieJar();
    const first = await fetch(url, { redirect: 'manual' });
    jar.store(url, first);
    assert.equal(first.status, 303);
    const loginUrl = new URL(first.headers.get('location')!, url);
    assert.match(loginUrl.pathname, /^\/interaction\/[\w-]+$/);
    const page = await fetch(loginUrl, { headers: { Cookie: jar.header(loginUrl)! } });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<label for="username">Username<\/label>/);
    assert.match(html, /<label for="password">Password<\/label>/);
    assert.match(html, /<input id="password" name="password" type="password"/);
    assert.doesNotMatch(html, /<script/);
    assert.doesNotMatch(html, /style=/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, new RegExp(`form-action 'self' ${PORTAL_ORIGIN}`));
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
  });

  test('the login page follows the browser language: German labels and lang="de", English otherwise', async () => {
    const metadata = await discover(issuer);
    const { challenge } = createPkcePair();
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const jar = new CookieJar();
    const first = await fetch(url, { redirect: 'manual' });
    jar.store(url, first);
    const loginUrl = new URL(first.headers.get('location')!, url);
    const open = async (acceptLanguage: string) =>
      (await fetch(loginUrl, { headers: { Cookie: jar.header(loginUrl)!, 'Accept-Language': acceptLanguage } })).text();

    const german = await open('de-DE,de;q=0.9,en;q=0.8');
    assert.match(german, /<html lang="de">/);
    assert.match(german, /<title>Anmelden<\/title>/);
    assert.match(german, /<h1>Anmelden<\/h1>/);
    assert.match(german, /<label for="username">Benutzername<\/label>/);
    assert.match(german, /<label for="password">Passwort<\/label>/);
    assert.match(german, /<button type="submit" class="primary">Anmelden<\/button>/);
    assert.match(german, /<button type="submit" class="secondary">Abbrechen<\/button>/);
    assert.doesNotMatch(german, /Username|Password|Sign in|Cancel/);

    const english = await open('en-US,en;q=0.9');
    assert.match(english, /<html lang="en">/);
    assert.match(english, /<label for="username">Username<\/label>/);
    assert.match(english, /<button type="submit" class="secondary">Cancel<\/button>/);
    assert.doesNotMatch(english, /Benutzername|Passwort|Anmelden/);
  });

  test('a wrong password re-renders the form with an error, status 401, and gives no code', async () => {
    await assert.rejects(
      signIn('employee', 'not-the-password'),
      (error: unknown) => {
        assert.ok(error instanceof SignInError);
        assert.equal(error.status, 401);
        assert.match(error.body, /Invalid username or password/);
        assert.match(error.body, /role="alert"/);
        assert.match(error.body, /value="employee"/, 'username kept');
        assert.match(error.body, /<label for="password">/);
        return true;
      },
    );
    await assert.rejects(signIn('nobody', 'nobody'), (error: unknown) => {
      assert.ok(error instanceof SignInError);
      assert.equal(error.status, 401);
      assert.match(error.body, /Invalid username or password/);
      return true;
    });
  });

  test('a wrong password is recorded in the audit log: who typed it, the client, never the password', async () => {
    const longName = `mallory-${'x'.repeat(100)}`;
    await assert.rejects(signIn(longName, 'guessed-password-1'), SignInError);
    const rows = await h.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sign_in.failed')
      .where('actor_sub', 'like', 'anonymous:mallory-%')
      .execute();
    assert.equal(rows.length, 1);
    const [row] = rows;
    assert.equal(row!.actor_sub, `anonymous:${longName.slice(0, 64)}`, 'the typed name, cut to 64 characters');
    assert.deepEqual([row!.subject_kind, row!.subject_id], ['client', clientId]);
    assert.equal(typeof (row!.after as { address: string }).address, 'string');
    assert.ok(!JSON.stringify(row).includes('guessed-password-1'));
  });

  test('cancel on the login page returns access_denied to the portal', async () => {
    const metadata = await discover(issuer);
    const { challenge } = createPkcePair();
    const jar = new CookieJar();
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid',
      state: 'abc',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const first = await fetch(url, { redirect: 'manual' });
    jar.store(url, first);
    const abortUrl = new URL(`${first.headers.get('location')}/abort`, url);
    const aborted = await fetch(abortUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: jar.header(abortUrl)!, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    assert.equal(aborted.status, 303);
    jar.store(abortUrl, aborted);
    const resume = new URL(aborted.headers.get('location')!, abortUrl);
    const back = await fetch(resume, { redirect: 'manual', headers: { Cookie: jar.header(resume)! } });
    const callback = new URL(back.headers.get('location')!);
    assert.equal(`${callback.origin}${callback.pathname}`, REDIRECT_URI);
    assert.equal(callback.searchParams.get('error'), 'access_denied');
    assert.equal(callback.searchParams.get('state'), 'abc');
  });

  test('userinfo answers email and name for the access token, with CORS for the portal', async () => {
    const tokens = await signIn('employee');
    const metadata = await discover(issuer);
    const response = await fetch(metadata.userinfo_endpoint!, {
      headers: { Authorization: `Bearer ${tokens.access_token}`, Origin: PORTAL_ORIGIN },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), PORTAL_ORIGIN);
    const claims = (await response.json()) as Record<string, unknown>;
    assert.equal(claims.sub, 'employee');
    assert.equal(claims.email, 'employee@example.com');
    assert.equal(claims.email_verified, true);
    assert.equal(claims.name, 'Erika Employee');
    assert.equal(claims.preferred_username, 'employee');
    assert.equal(claims.roles, undefined, 'userinfo carries standard claims only');
  });

  test('userinfo refuses a tampered or foreign token with 401 invalid_token', async () => {
    const tokens = await signIn('employee');
    const metadata = await discover(issuer);
    const [header, payload, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    for (const token of [`${header}.${forged}.${signature}`, tokens.id_token]) {
      const response = await fetch(metadata.userinfo_endpoint!, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(response.status, 401);
      assert.match(response.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
      assert.equal(((await response.json()) as { error: string }).error, 'invalid_token');
    }
  });

  test('refresh gives a new access token and a rotated refresh token; the old one is then refused', async () => {
    const first = await signIn('employee');
    const second = await refreshTokens({ issuer, clientId, refreshToken: first.refresh_token, origin: PORTAL_ORIGIN });
    assert.ok(second.access_token);
    assert.notEqual(second.access_token, first.access_token);
    assert.ok(second.refresh_token);
    assert.notEqual(second.refresh_token, first.refresh_token, 'rotated');
    assert.ok(second.id_token);
    const { payload } = await verifyAccessToken(second.access_token);
    assert.equal(payload.sub, 'employee');
    assert.equal(payload.email, 'employee@example.com');

    // The rotated token keeps working.
    const third = await refreshTokens({ issuer, clientId, refreshToken: second.refresh_token });
    assert.ok(third.access_token);

    // Reusing a consumed refresh token is refused (and, as reuse detection, revokes the grant).
    await assert.rejects(refreshTokens({ issuer, clientId, refreshToken: first.refresh_token }), (error: unknown) => {
      assert.ok(error instanceof TokenEndpointError);
      assert.equal(error.status, 400);
      assert.equal(error.error, 'invalid_grant');
      return true;
    });
    await assert.rejects(refreshTokens({ issuer, clientId, refreshToken: third.refresh_token }), /invalid_grant/);
  });

  test('PKCE is required: an authorization request without code_challenge is refused', async () => {
    const metadata = await discover(issuer);
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'xyz',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    assert.equal(response.status, 303);
    const location = new URL(response.headers.get('location')!);
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
    assert.equal(location.searchParams.get('error'), 'invalid_request');
    assert.match(location.searchParams.get('error_description') ?? '', /PKCE/);
    assert.equal(location.searchParams.get('code'), null);
  });

  test('the code exchange needs the matching code_verifier', async () => {
    const { code } = await authorizeWithPkce({
      issuer,
      clientId,
      redirectUri: REDIRECT_URI,
      username: 'employee',
      password: 'employee',
    });
    await assert.rejects(
      exchangeCode({ issuer, clientId, redirectUri: REDIRECT_URI, code, codeVerifier: createPkcePair().verifier }),
      /invalid_grant/,
    );
  });

  test('an unregistered redirect URI is refused without redirecting there', async () => {
    const metadata = await discover(issuer);
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: 'http://evil.example/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: createPkcePair().challenge,
      code_challenge_method: 'S256',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('location'), null);
    assert.match(await response.text(), /redirect_uri/);
  });

  test('the token endpoint answers the CORS preflight and the request for the portal origin', async () => {
    const metadata = await discover(issuer);
    const preflight = await fetch(metadata.token_endpoint, {
      method: 'OPTIONS',
      headers: {
        Origin: PORTAL_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), PORTAL_ORIGIN);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/i);

    const tokens = await signIn('employee');
    const response = await fetch(metadata.token_endpoint, {
      method: 'POST',
      headers: { Origin: PORTAL_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token }),
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), PORTAL_ORIGIN);

    // Another origin gets no CORS permission for the portal's client.
    const foreign = await fetch(metadata.token_endpoint, {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: 'x' }),
    });
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
  });

  test('a second sign-in in the same browser reuses the session (no login form, no consent)', async () => {
    const jar = new CookieJar();
    const options = { issuer, clientId, redirectUri: REDIRECT_URI, jar };
    const first = await authorizeWithPkce({ ...options, username: 'admin', password: 'admin' });
    assert.equal(first.loginPages, 1);
    const again = await authorizeWithPkce({ ...options, params: { prompt: 'none' } });
    assert.equal(again.loginPages, 0);
    const tokens = await exchangeCode({ ...options, code: again.code, codeVerifier: again.codeVerifier });
    assert.equal((await verifyAccessToken(tokens.access_token)).payload.sub, 'admin');
  });

  test('sign-out ends the session and returns to the portal', async () => {
    const jar = new CookieJar();
    const options = { issuer, clientId, redirectUri: REDIRECT_URI, jar };
    const { code, codeVerifier } = await authorizeWithPkce({ ...options, username: 'employee', password: 'employee' });
    const tokens = await exchangeCode({ ...options, code, codeVerifier });
    const metadata = await discover(issuer);

    const endSession = new URL(metadata.end_session_endpoint!);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: PORTAL_ORIGIN,
      state: 'bye',
    }).toString();
    const page = await fetch(endSession, { headers: { Cookie: jar.header(endSession)! } });
    jar.store(endSession, page);
    assert.equal(page.status, 200);
    const html = await page.text();
    // One-button form, auto-submitted by an external script (no inline code).
    assert.match(html, /<script src="\/idp-assets\/auto-submit\.js" defer><\/script>/);
    assert.doesNotMatch(html, /<script>/);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    assert.ok(action && xsrf);
    const script = await fetch(new URL('/idp-assets/auto-submit.js', issuer));
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);

    const confirmUrl = new URL(action, endSession);
    const confirmed = await fetch(confirmUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: jar.header(confirmUrl)!, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    jar.store(confirmUrl, confirmed);
    assert.equal(confirmed.status, 303);
    const back = new URL(confirmed.headers.get('location')!);
    assert.equal(back.origin, PORTAL_ORIGIN);
    assert.equal(back.searchParams.get('state'), 'bye');

    // The session is gone: a silent sign-in needs the user again, and the refresh token expired with it.
    await assert.rejects(authorizeWithPkce({ ...options, params: { prompt: 'none' } }), (error: unknown) => {
      assert.ok(error instanceof SignInError);
      assert.equal(error.oauthError, 'login_required');
      return true;
    });
    await assert.rejects(refreshTokens({ issuer, clientId, refreshToken: tokens.refresh_token }), /invalid_grant/);
  });

  test('a restart keeps the signing key, refresh tokens and browser sessions', async () => {
    const jwksBefore = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] };
    const jar = new CookieJar();
    const options = { issuer, clientId, redirectUri: REDIRECT_URI, jar };
    const { code, codeVerifier } = await authorizeWithPkce({ ...options, username: 'employee', password: 'employee' });
    const tokens = await exchangeCode({ ...options, code, codeVerifier });

    await h.restart();

    const jwksAfter = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] };
    assert.deepEqual(
      jwksAfter.keys.map((k) => k.kid),
      jwksBefore.keys.map((k) => k.kid),
    );
    // A token signed before the restart still verifies.
    assert.equal(decodeProtectedHeader(tokens.access_token).kid, jwksBefore.keys[0]?.kid);
    assert.equal((await verifyAccessToken(tokens.access_token)).payload.sub, 'employee');

    const refreshed = await refreshTokens({ issuer, clientId, refreshToken: tokens.refresh_token });
    assert.equal((await verifyAccessToken(refreshed.access_token)).payload.sub, 'employee');

    const silent = await authorizeWithPkce({ ...options, params: { prompt: 'none' } });
    assert.equal(silent.loginPages, 0, 'still signed in after the restart');
  });

  test('no server error was logged along the way; refused sign-ins were', () => {
    const errors = h.logger.entries.filter((e) => e.level === 'error');
    assert.deepEqual(errors, []);
    const failed = h.logger.entries.filter((e) => e.level === 'warn' && String(e.args[1]).includes('sign-in failed'));
    assert.ok(failed.length >= 2);
    assert.ok(!JSON.stringify(failed).includes('not-the-password'), 'passwords are never logged');
  });
});

describe('dev identity provider with other claim settings', () => {
  test('a plain audience and Keycloak-style claim paths end up in the access token', async () => {
    const h = await startIdp({
      OIDC_AUDIENCE: 'assistant-api',
      ROLES_CLAIM: 'realm_access.roles',
      GROUPS_CLAIM: 'realm_access.groups',
    });
    try {
      const issuer = h.idp.issuer;
      const tokens = await signInWithPkce({
        issuer,
        clientId: h.config.auth.clientId,
        redirectUri: REDIRECT_URI,
        username: 'admin',
        password: 'admin',
      });
      const { payload } = await jwtVerify(tokens.access_token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
        issuer,
        audience: 'assistant-api',
      });
      assert.deepEqual(payload.realm_access, { roles: ['assistant-admin'], groups: ['it', 'numinous'] });
      const userinfo = await fetch(`${issuer}/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
      assert.equal(userinfo.status, 200);
      assert.equal(((await userinfo.json()) as { sub: string }).sub, 'admin');
    } finally {
      await h.stop();
    }
  });
});
