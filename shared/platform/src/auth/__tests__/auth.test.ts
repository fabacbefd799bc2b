import { webcrypto } from 'node:crypto';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { ErrorResponse, ErrorTimeout, OidcClient, UserManager, type UserManagerSettings } from 'oidc-client-ts';
import { z } from 'zod';
import { SignInLinkExpiredError, createAuth, type Auth } from '../auth';
import { REDIRECT_INFO_KEY, saveRedirectInfo } from '../redirect-info';
import { createHttpClient } from '../../http/http-client';
import { AUTHORITY, CLIENT_ID, ORIGIN, USER_KEY, idpHandlers, metadata, storeUser, type IdpLog } from './fake-idp';

// jsdom hides crypto.subtle outside secure contexts; PKCE needs it.
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let log: IdpLog;
let auth: Auth | null = null;
/** An auth with oidc-client-ts loaded (these tests are about the implementation; facade.test.ts is about before). */
const make = async (settings: Partial<UserManagerSettings> = {}, extra: { navigate?: (url: string) => void } = {}) => {
  auth = createAuth({ authority: AUTHORITY, clientId: CLIENT_ID, origin: ORIGIN, settings, ...extra });
  await auth.loadUserManager();
  return auth;
};

beforeEach(() => {
  log = { token: [], revocation: [] };
  server.use(...idpHandlers(log));
});
afterEach(() => {
  auth?.dispose();
  auth = null;
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('createAuth settings', () => {
  it('makes one UserManager with the spec settings', async () => {
    const { settings } = (await make()).userManager;
    expect(settings.authority).toBe(AUTHORITY);
    expect(settings.client_id).toBe(CLIENT_ID);
    expect(settings.scope).toBe('openid email profile');
    expect(settings.loadUserInfo).toBe(true);
    expect(settings.redirect_uri).toBe(`${ORIGIN}/callback`);
    expect(settings.silent_redirect_uri).toBe(`${ORIGIN}/silent-renew.html`);
    expect(settings.post_logout_redirect_uri).toBe(ORIGIN);
    expect(settings.automaticSilentRenew).toBe(true);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    expect(settings.silentRequestTimeoutInSeconds).toBe(10);
    expect(settings.validateSubOnSilentRenew).toBe(true);
    expect(settings.revokeTokenTypes).toEqual(['refresh_token']);
    expect(settings.monitorSession).toBe(false);
  });

  it('reads the persisted user from localStorage under oidc.user:<authority>:<clientId>', async () => {
    expect(USER_KEY).toBe('oidc.user:http://idp.test:assistant-portal');
    storeUser({ sub: 'erika' });
    const user = await (await make()).getUser();
    expect(user?.profile.sub).toBe('erika');
    expect(user?.scopes).toEqual(['openid', 'email', 'profile']);
    expect(user?.expired).toBe(false);
    expect(user?.expires_in).toBeGreaterThan(800);
  });
});

describe('session monitor', () => {
  it('stays off when the IdP advertises no check_session_iframe (oidc-provider 9)', async () => {
    const a = await make();
    await a.ready;
    expect(a.sessionMonitorActive()).toBe(false);
  });

  it('starts when the IdP advertises check_session_iframe', async () => {
    server.use(http.get(`${AUTHORITY}/.well-known/openid-configuration`, () => HttpResponse.json(metadata(true))));
    const a = await make();
    await a.ready;
    expect(a.sessionMonitorActive()).toBe(true);
  });

  it('stays off, with a warning, when the metadata cannot be read', async () => {
    server.use(http.get(`${AUTHORITY}/.well-known/openid-configuration`, () => HttpResponse.error()));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = await make();
    await a.ready;
    expect(a.sessionMonitorActive()).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('passes the session monitor events on', async () => {
    const a = await make();
    const seen: string[] = [];
    a.on('signed-in', () => seen.push('signed-in'));
    a.on('signed-out', () => seen.push('signed-out'));
    a.on('session-changed', () => seen.push('session-changed'));
    const events = a.userManager.events as unknown as Record<string, () => Promise<void>>;
    return Promise.all([events._raiseUserSignedIn!(), events._raiseUserSignedOut!(), events._raiseUserSessionChanged!()]).then(() =>
      expect(seen).toEqual(['signed-in', 'signed-out', 'session-changed']),
    );
  });
});

describe('sign-in', () => {
  it('saves the location, then redirects once even when asked twice', async () => {
    const a = await make();
    const redirect = jest.spyOn(a.userManager, 'signinRedirect').mockResolvedValue();
    await Promise.all([
      a.signIn({ pathname: '/collections/company', search: '?x=1', hash: '#part' }),
      a.signIn({ pathname: '/other', search: '', hash: '' }),
    ]);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(REDIRECT_INFO_KEY)!)).toEqual({
      pathname: '/collections/company',
      search: '?x=1',
      hash: '#part',
    });
  });

  it('never saves the callback page as the place to return to', async () => {
    const a = await make();
    jest.spyOn(a.userManager, 'signinRedirect').mockResolvedValue();
    await a.signIn({ pathname: '/callback', search: '?code=x&state=y', hash: '' });
    expect(sessionStorage.getItem(REDIRECT_INFO_KEY)).toBeNull();
  });

  it('completes a real code exchange on /callback and returns the saved location', async () => {
    const a = await make();
    const loaded = jest.fn();
    a.on('user-loaded', loaded);
    // What signinRedirect stores before it leaves the page:
    const client = new OidcClient(a.userManager.settings);
    const request = await client.createSigninRequest({ request_type: 'si:r' });
    saveRedirectInfo({ pathname: '/collections/company', search: '?x=1', hash: '#part' });

    const path = await a.completeSignIn(`${ORIGIN}/callback?code=the-code&state=${request.state.id}`);

    expect(path).toBe('/collections/company?x=1#part');
    expect(log.token).toHaveLength(1);
    expect(log.token[0]!.get('grant_type')).toBe('authorization_code');
    expect(log.token[0]!.get('code')).toBe('the-code');
    expect(log.token[0]!.get('code_verifier')).toBeTruthy(); // PKCE
    const user = await a.getUser();
    expect(user?.profile.sub).toBe('user-1');
    expect(user?.profile.email).toBe('user-1@example.com'); // user info loaded
    expect(JSON.parse(localStorage.getItem(USER_KEY)!).access_token).toBe('at-2');
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('goes to the default path when nothing was saved, and skips the exchange without state', async () => {
    const a = await make();
    const callback = jest.spyOn(a.userManager, 'signinCallback');
    expect(await a.completeSignIn(`${ORIGIN}/callback`)).toBe('/');
    expect(callback).not.toHaveBeenCalled();
    const b = createAuth({ authority: AUTHORITY, clientId: CLIENT_ID, origin: ORIGIN, defaultPath: '/translate' });
    expect(await b.completeSignIn(`${ORIGIN}/callback?foo=1`)).toBe('/translate');
    b.dispose();
  });

  it('fails with SignInLinkExpiredError for an unknown state ("No matching state found in storage")', async () => {
    const a = await make();
    saveRedirectInfo({ pathname: '/translate', search: '', hash: '' });
    const error: unknown = await a.completeSignIn(`${ORIGIN}/callback?code=c&state=unknown`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInLinkExpiredError);
    expect((error as Error).cause).toEqual(new Error('No matching state found in storage'));
    expect(log.token).toHaveLength(0);
    // Kept for the fresh sign-in the user starts from the expired-link page.
    expect(sessionStorage.getItem(REDIRECT_INFO_KEY)).not.toBeNull();
  });

  it('fails with SignInLinkExpiredError for a state cleared as stale (older than 900 s)', async () => {
    jest.useFakeTimers({ now: new Date('2025-01-01T10:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const a = await make({ metadata: metadata() });
    const client = new OidcClient(a.userManager.settings);
    const old = await client.createSigninRequest({ request_type: 'si:r' });
    jest.setSystemTime(new Date('2025-01-01T10:15:01Z'));
    await client.createSigninRequest({ request_type: 'si:r' }); // any new sign-in clears stale states
    await expect(a.completeSignIn(`${ORIGIN}/callback?code=c&state=${old.state.id}`)).rejects.toBeInstanceOf(SignInLinkExpiredError);
  });

  it('passes other callback errors on as they are: the provider refused, the token endpoint unreachable', async () => {
    const a = await make();
    const client = new OidcClient(a.userManager.settings);
    const refused = await client.createSigninRequest({ request_type: 'si:r' });
    const denied: unknown = await a
      .completeSignIn(`${ORIGIN}/callback?error=access_denied&state=${refused.state.id}`)
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(ErrorResponse);
    expect(denied).not.toBeInstanceOf(SignInLinkExpiredError);
    expect((denied as ErrorResponse).error).toBe('access_denied');

    server.use(http.post(`${AUTHORITY}/token`, () => HttpResponse.error()));
    const request = await client.createSigninRequest({ request_type: 'si:r' });
    const unreachable: unknown = await a.completeSignIn(`${ORIGIN}/callback?code=c&state=${request.state.id}`).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(Error);
    expect(unreachable).not.toBeInstanceOf(SignInLinkExpiredError);
  });

  it('completes one callback URL once when asked twice at the same time (a double-run effect)', async () => {
    const a = await make();
    const client = new OidcClient(a.userManager.settings);
    const request = await client.createSigninRequest({ request_type: 'si:r' });
    saveRedirectInfo({ pathname: '/translate', search: '', hash: '' });
    const url = `${ORIGIN}/callback?code=the-code&state=${request.state.id}`;
    const [first, second] = await Promise.allSettled([a.completeSignIn(url), a.completeSignIn(url)]);
    expect(first).toEqual({ status: 'fulfilled', value: '/translate' });
    expect(second).toEqual({ status: 'fulfilled', value: '/translate' });
    expect(log.token).toHaveLength(1);
  });
});

describe('sign-out', () => {
  it('revokes the refresh token, removes the user and sends the sign-out request to the root', async () => {
    const stored = storeUser({ refreshToken: 'rt-secret' });
    const navigate = jest.fn();
    const a = await make({}, { navigate });
    const unloaded = jest.fn();
    a.on('user-unloaded', unloaded);
    const signout = jest.spyOn(a.userManager, 'signoutRedirect').mockResolvedValue();

    await a.signOut();

    expect(log.revocation).toHaveLength(1);
    expect(log.revocation[0]!.get('token')).toBe('rt-secret');
    expect(log.revocation[0]!.get('token_type_hint')).toBe('refresh_token');
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(unloaded).toHaveBeenCalled();
    expect(signout).toHaveBeenCalledWith({ id_token_hint: stored.id_token, post_logout_redirect_uri: ORIGIN });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('still signs out locally and goes to the root when the IdP cannot be reached', async () => {
    storeUser();
    server.use(http.post(`${AUTHORITY}/token/revocation`, () => HttpResponse.error()));
    const navigate = jest.fn();
    const a = await make({}, { navigate });
    jest.spyOn(a.userManager, 'signoutRedirect').mockRejectedValue(new Error('network'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await a.signOut();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/`);
    expect(warn).toHaveBeenCalledWith('Failed to revoke the refresh token', expect.anything());
  });
});

describe('access token and silent renew', () => {
  it('asks the session-check frame every 2 s (SPEC section 9)', async () => {
    expect((await make()).userManager.settings.checkSessionIntervalInSeconds).toBe(2);
  });

  it('returns the token of a valid session and null for an invalid one', async () => {
    storeUser({ accessToken: 'valid' });
    expect(await (await make()).getAccessToken()).toBe('valid');
    auth!.dispose();
    storeUser({ expiresAt: 500, refreshToken: null });
    expect(await (await make()).getAccessToken()).toBeNull();
    auth!.dispose();
    localStorage.clear();
    expect(await (await make()).getAccessToken()).toBeNull();
  });

  it('renews an expired token with the refresh token before answering', async () => {
    storeUser({ expiresIn: -30, refreshToken: 'rt-old' });
    const token = await (await make()).getAccessToken();
    expect(token).toBe('at-2');
    expect(log.token[0]!.get('grant_type')).toBe('refresh_token');
    expect(log.token[0]!.get('refresh_token')).toBe('rt-old');
  });

  it('waits for a renew in flight, and the renew does not interrupt a request in flight', async () => {
    storeUser({ accessToken: 'at-1', expiresIn: 120 });
    server.use(...idpHandlers(log, { tokenDelayMs: 80 }));
    const seen: string[] = [];
    server.use(
      http.get('http://localhost/api/slow', async ({ request }) => {
        seen.push(request.headers.get('authorization')!);
        await delay(200);
        return HttpResponse.json({ ok: true });
      }),
    );
    const a = await make();
    const client = createHttpClient({
      basePath: '/api',
      getToken: () => a.getAccessToken(),
      onUnauthenticated: jest.fn(),
      timeoutMs: () => 5000,
    });
    const schema = z.object({ ok: z.boolean() });

    const first = client.get('slow', schema); // starts with at-1
    await delay(20);
    const renew = a.renew(); // refresh takes 80 ms
    const second = client.get('slow', schema); // asked during the renew
    const renewAgain = a.renew(); // shares the renew in flight

    await expect(first).resolves.toEqual({ ok: true });
    await expect(second).resolves.toEqual({ ok: true });
    expect(await renew).toBe(await renewAgain);
    expect(log.token).toHaveLength(1);
    expect(seen).toEqual(['Bearer at-1', 'Bearer at-2']);
  });

  it('retries 5 s after a timeout (ErrorTimeout) and raises silent-renew-error for other errors', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    storeUser({ expiresIn: 30 }); // inside the 60 s notice: the expiring timer fires after 1 s
    const silent = jest
      .spyOn(UserManager.prototype, 'signinSilent')
      .mockRejectedValueOnce(new ErrorTimeout('IFrame timed out without a response'))
      .mockRejectedValueOnce(new ErrorResponse({ error: 'login_required' }));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const a = await make({ metadata: metadata() });
    const renewErrors: Error[] = [];
    a.on('silent-renew-error', (error) => renewErrors.push(error));

    await jest.advanceTimersByTimeAsync(1500);
    expect(silent).toHaveBeenCalledTimes(1);
    expect(renewErrors).toEqual([]);

    await jest.advanceTimersByTimeAsync(3000); // 4.5 s: not yet
    expect(silent).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2000); // past 5 s after the timeout
    expect(silent).toHaveBeenCalledTimes(2);
    expect(renewErrors.map((e) => e.message)).toEqual(['login_required']);

    await jest.advanceTimersByTimeAsync(20_000); // no retry after the provider's own refusal
    expect(silent).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('refuses a renew that signs in another subject', async () => {
    const before = storeUser({ sub: 'user-1' });
    const other = storeUser({ sub: 'user-2' });
    localStorage.setItem(USER_KEY, before.toStorageString());
    jest.spyOn(UserManager.prototype, 'signinSilent').mockResolvedValue(other);
    const a = await make();
    await expect(a.renew()).rejects.toThrow('login_required: the subject changed during silent renew');
    expect(await a.getUser()).toBeNull();
  });
});
