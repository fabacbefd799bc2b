import { webcrypto } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { UserManagerSettings } from 'oidc-client-ts';
import { z } from 'zod';
import { createAuth, setAuth, type Auth } from '../auth';
import { REDIRECT_INFO_KEY } from '../redirect-info';
import type { RenewHandoff } from '../renew-handoff';
import { renewLockName, type RenewLocks } from '../renew-lock';
import { RENEW_RETRY_DELAYS_SECONDS, renewRetryDelaySeconds } from '../renew-retry';
import { SESSION_EXPIRED_MESSAGE_KEY, SIGN_IN_AGAIN_LABEL_KEY } from '../session-expired-notice';
import { createApiClients, setApiClients } from '../../http/api-clients';
import { NotAuthenticatedError } from '../../http/errors';
import { useNotificationsStore } from '../../notifications/notifications-store';
import { loadPermissions, resetPermissions, usePermissionsStore } from '../../permissions/permissions-store';
import { AUTHORITY, CLIENT_ID, ORIGIN, USER_KEY, idpHandlers, metadata, storeUser, type IdpLog } from './fake-idp';

// jsdom hides crypto.subtle outside secure contexts; PKCE needs it.
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The Web Locks API as far as the renew uses it: one exclusive lock per name, granted in order. */
function memoryLocks(): RenewLocks & { requested: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  return {
    requested,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(callback, callback);
      tails.set(
        name,
        result.catch(() => undefined),
      );
      return result;
    },
  };
}

/** The IndexedDB hand-off as far as the renew uses it: one value per key, shared by the tabs. */
function memoryHandoff(): RenewHandoff {
  const values = new Map<string, string | null>();
  return {
    read: (key) => Promise.resolve(values.get(key)),
    write: (key, user) => {
      values.set(key, user);
      return Promise.resolve();
    },
  };
}

/**
 * A tab's own copy of localStorage that lags behind (as Chromium's per-process copies may): it
 * keeps what it held when made, and what this tab writes.
 */
function laggingStorage(from: Storage): Storage {
  const values = new Map<string, string>();
  for (let i = 0; i < from.length; i += 1) values.set(from.key(i)!, from.getItem(from.key(i)!)!);
  return {
    get length() {
      return values.size;
    },
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}

let log: IdpLog;
const auths: Auth[] = [];
/** One tab's auth; all tabs of a test share jsdom's localStorage (as tabs of one origin do). */
async function tab(
  options: { locks?: RenewLocks | null; handoff?: RenewHandoff | null; storage?: Storage; settings?: Partial<UserManagerSettings>; navigate?: (url: string) => void } = {},
): Promise<Auth> {
  const auth = createAuth({ authority: AUTHORITY, clientId: CLIENT_ID, origin: ORIGIN, ...options });
  auths.push(auth);
  await auth.loadUserManager(); // oidc-client-ts loaded, as these tests are about it
  return auth;
}

/** Lets the start-up work of the auths settle (reading the stored user, arming the timers). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  log = { token: [], revocation: [], refused: [] };
  server.use(...idpHandlers(log, { rotate: true }));
});
afterEach(() => {
  for (const auth of auths.splice(0)) auth.dispose();
  setAuth(null);
  setApiClients(null);
  resetPermissions();
  useNotificationsStore.getState().clear();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('two tabs renew once (refresh-token rotation)', () => {
  it('names the lock after the provider and the client', () => {
    expect(renewLockName(AUTHORITY, CLIENT_ID)).toBe('assistant-oidc-renew:http://idp.test:assistant-portal');
  });

  it('sends one refresh request when two tabs renew at the same time; the second takes the first one’s user', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 30 });
    const locks = memoryLocks();
    const first = await tab({ locks });
    const second = await tab({ locks });
    await settle();
    const loaded: string[] = [];
    first.on('user-loaded', (user) => loaded.push(`first:${user.access_token}`));
    second.on('user-loaded', (user) => loaded.push(`second:${user.access_token}`));

    // What each tab's expiring timer calls.
    const [a, b] = await Promise.all([first.userManager.signinSilent(), second.userManager.signinSilent()]);

    expect(log.token).toHaveLength(1);
    expect(log.token[0]!.get('refresh_token')).toBe('rt-1');
    expect(log.refused).toEqual([]); // no spent refresh token presented
    expect(a?.access_token).toBe('at-2');
    expect(b?.access_token).toBe('at-2');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!).refresh_token).toBe('rt-2');
    // Both tabs were told (and re-armed their timers): nobody is signed out.
    expect(loaded.sort()).toEqual(['first:at-2', 'second:at-2']);
    expect(await first.getAccessToken()).toBe('at-2');
    expect(await second.getAccessToken()).toBe('at-2');
    expect(locks.requested).toEqual([renewLockName(AUTHORITY, CLIENT_ID), renewLockName(AUTHORITY, CLIENT_ID)]);
  });

  it('renews an expired token once for two tabs asking for a token at the same time', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: -30 });
    const locks = memoryLocks();
    const first = await tab({ locks });
    const second = await tab({ locks });
    const tokens = await Promise.all([first.getAccessToken(), second.getAccessToken(), first.getAccessToken()]);
    expect(tokens).toEqual(['at-2', 'at-2', 'at-2']);
    expect(log.token).toHaveLength(1);
    expect(log.refused).toEqual([]);
  });

  it('hands the renewed user to the next tab even when that tab’s localStorage copy still shows the old one', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 30 });
    const locks = memoryLocks();
    const handoff = memoryHandoff();
    const first = await tab({ locks, handoff });
    const second = await tab({ locks, handoff, storage: laggingStorage(localStorage) });
    await settle();
    await first.userManager.signinSilent(); // rt-1 spent, at-2 / rt-2 stored and handed off
    const taken = await second.userManager.signinSilent(); // its own copy still says rt-1
    expect(taken?.access_token).toBe('at-2');
    expect(log.token).toHaveLength(1);
    expect(log.refused).toEqual([]);
  });

  it('without the hand-off a lagging localStorage copy presents the spent refresh token (why it exists)', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 30 });
    const locks = memoryLocks();
    const first = await tab({ locks, handoff: null });
    const second = await tab({ locks, handoff: null, storage: laggingStorage(localStorage) });
    await settle();
    await first.userManager.signinSilent();
    await expect(second.userManager.signinSilent()).rejects.toThrow('grant request is invalid');
    expect(log.refused).toEqual(['rt-1']);
  });

  it('without the Web Locks API each tab renews on its own (the behaviour before)', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 30 });
    const first = await tab({ locks: null });
    const second = await tab({ locks: null });
    await settle();
    const results = await Promise.allSettled([first.userManager.signinSilent(), second.userManager.signinSilent()]);
    expect(log.token).toHaveLength(2);
    // The provider refuses the second use of rt-1: the reason for the lock.
    expect(log.refused).toEqual(['rt-1']);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('takes another tab’s renew or sign-out from the storage event', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 30 });
    const auth = await tab({ locks: memoryLocks() });
    await settle();
    const seen: string[] = [];
    auth.on('user-loaded', (user) => seen.push(user.access_token));
    auth.on('user-unloaded', () => seen.push('unloaded'));

    // The other tab renewed: it stored the new user; this tab hears of it.
    const renewed = storeUser({ accessToken: 'at-other', refreshToken: 'rt-other', expiresIn: 900 });
    window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, newValue: renewed.toStorageString(), storageArea: localStorage }));
    await settle();
    expect(seen).toEqual(['at-other']);
    // This tab's timer (armed for at-1) fires late: nothing is renewed, the stored user is taken.
    expect((await auth.userManager.signinSilent())?.access_token).toBe('at-other');
    expect(log.token).toHaveLength(0);

    // Another key, or the same token again: ignored.
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: 'x', storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, newValue: renewed.toStorageString(), storageArea: localStorage }));
    await settle();
    expect(seen).toEqual(['at-other', 'at-other']); // signinSilent above took it once

    // The other tab signed out.
    localStorage.removeItem(USER_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, newValue: null, storageArea: localStorage }));
    await settle();
    expect(seen.at(-1)).toBe('unloaded');
  });
});

describe('a renew does not fail a request in flight', () => {
  it('retries a call once with a renewed token when the API refused the token (expired on the way)', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 120 });
    const seen: string[] = [];
    server.use(
      http.get('http://localhost/api/thing', ({ request }) => {
        const authorization = request.headers.get('authorization')!;
        seen.push(authorization);
        return authorization === 'Bearer at-1' ? HttpResponse.json({ message: 'expired' }, { status: 401 }) : HttpResponse.json({ ok: true });
      }),
    );
    const auth = await tab({ locks: memoryLocks() });
    setAuth(auth);
    const clients = createApiClients({ getToken: () => auth.getAccessToken(), onUnauthenticated: jest.fn(), retryDelayMs: 0 });
    await expect(clients.api.get('thing', z.object({ ok: z.boolean() }))).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer at-1', 'Bearer at-2']);
    expect(log.token).toHaveLength(1);
  });

  it('retries once only: a second 401 is the answer', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 120 });
    let calls = 0;
    server.use(
      http.post('http://localhost/api/thing', () => {
        calls += 1;
        return HttpResponse.json({ message: 'no' }, { status: 401 });
      }),
    );
    const auth = await tab({ locks: memoryLocks() });
    setAuth(auth);
    const clients = createApiClients({ getToken: () => auth.getAccessToken(), onUnauthenticated: jest.fn(), retryDelayMs: 0 });
    await expect(clients.api.postVoid('thing', { a: 1 })).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
  });
});

describe('the identity provider down during a renew', () => {
  const down = () => server.use(http.post(`${AUTHORITY}/token`, ({ request }) => (void request.text().then((t) => log.token.push(new URLSearchParams(t))), HttpResponse.error())));
  const fakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

  it('retries after 5 s, 5 s, 10 s, 20 s, then every 30 s', () => {
    expect(RENEW_RETRY_DELAYS_SECONDS).toEqual([5, 5, 10, 20, 30]);
    expect([0, 1, 2, 3, 4, 5, 9].map(renewRetryDelaySeconds)).toEqual([5, 5, 10, 20, 30, 30, 30]);
  });

  it('keeps the user working on the old token and renews when the provider is back', async () => {
    fakeTimers();
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 70 });
    down();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = await tab({ locks: memoryLocks(), settings: { metadata: metadata() } });
    const errors: Error[] = [];
    auth.on('silent-renew-error', (error) => errors.push(error));

    await jest.advanceTimersByTimeAsync(11_000); // expiring notice at 10 s: the renew fails
    expect(log.token).toHaveLength(1);
    expect(errors).toHaveLength(1);
    expect(await auth.getAccessToken()).toBe('at-1'); // still valid: the user keeps working
    expect(auth.mayRedirectToSignIn()).toBe(true);

    await jest.advanceTimersByTimeAsync(5_000); // first retry
    expect(log.token).toHaveLength(2);
    expect(await auth.getAccessToken()).toBe('at-1');

    server.use(...idpHandlers(log, { rotate: true })); // the provider is back
    await jest.advanceTimersByTimeAsync(5_000); // second retry
    expect(log.token).toHaveLength(3);
    expect(await auth.getAccessToken()).toBe('at-2');

    await jest.advanceTimersByTimeAsync(120_000); // no more retries once renewed
    expect(log.token).toHaveLength(3);
    expect(useNotificationsStore.getState().notifications).toEqual([]);
  });

  it('after the token really expired: a notice with "sign in again" that keeps the location, and no automatic redirect', async () => {
    fakeTimers();
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 65 });
    down();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = await tab({ locks: memoryLocks(), settings: { metadata: metadata() } });
    setAuth(auth);
    const onUnauthenticated = jest.fn();
    setApiClients(createApiClients({ getToken: () => auth.getAccessToken(), onUnauthenticated, retryDelayMs: 0 }));
    const redirect = jest.spyOn(auth.userManager, 'signinRedirect').mockResolvedValue();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    await jest.advanceTimersByTimeAsync(60_000);
    expect(useNotificationsStore.getState().notifications).toEqual([]); // not expired yet: no notice

    await jest.advanceTimersByTimeAsync(15_000); // past the expiry
    const [notice, ...others] = useNotificationsStore.getState().notifications;
    expect(others).toEqual([]);
    expect(notice).toMatchObject({
      variant: 'error', // shown with role="alert"
      message: { key: SESSION_EXPIRED_MESSAGE_KEY, ns: 'platform' },
      action: { labelKey: SIGN_IN_AGAIN_LABEL_KEY, ns: 'platform' },
    });
    expect(auth.mayRedirectToSignIn()).toBe(false);

    // A call now fails without sending the user away.
    await expect(loadPermissions()).resolves.toEqual(new Set());
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();

    // Dismissed, it comes back with the next call that needs a token.
    useNotificationsStore.getState().dismiss(notice!.id);
    resetPermissions();
    await loadPermissions();
    expect(useNotificationsStore.getState().notifications).toHaveLength(1);

    // "Sign in again" keeps the place the user is at.
    window.history.pushState(null, '', '/chat/c-1?model=m#bottom');
    useNotificationsStore.getState().notifications[0]!.action!.onAction();
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(REDIRECT_INFO_KEY)!)).toEqual({ pathname: '/chat/c-1', search: '?model=m', hash: '#bottom' });
    expect(warn).toHaveBeenCalledWith('Failed to check user privileges', expect.any(NotAuthenticatedError));
  });

  it('takes the notice away when a later retry succeeds, and asks for the permissions again', async () => {
    fakeTimers();
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 65 });
    down();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const auth = await tab({ locks: memoryLocks(), settings: { metadata: metadata() } });
    setAuth(auth);
    setApiClients(createApiClients({ getToken: () => auth.getAccessToken(), onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
    await jest.advanceTimersByTimeAsync(75_000);
    expect(useNotificationsStore.getState().notifications).toHaveLength(1);
    await loadPermissions();
    expect(usePermissionsStore.getState().status).toBe('failed');

    server.use(...idpHandlers(log, { rotate: true }));
    await jest.advanceTimersByTimeAsync(31_000);
    expect(await auth.getAccessToken()).toBe('at-2');
    expect(useNotificationsStore.getState().notifications).toEqual([]);
    expect(auth.mayRedirectToSignIn()).toBe(true);
    expect(usePermissionsStore.getState().status).toBe('idle'); // usePermission asks again
  });
});

describe('sign-out', () => {
  it('skips the revocation silently when the provider has no revocation endpoint', async () => {
    server.use(...idpHandlers(log, { revocation: false }));
    storeUser({ refreshToken: 'rt-secret' });
    const auth = await tab();
    const signout = jest.spyOn(auth.userManager, 'signoutRedirect').mockResolvedValue();
    const warn = jest.spyOn(console, 'warn');
    const error = jest.spyOn(console, 'error');

    await auth.signOut();

    expect(log.revocation).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(signout).toHaveBeenCalledTimes(1);
  });

  it('starts no sign-in while signing out: calls and permission checks that find no token stay put', async () => {
    storeUser({ refreshToken: 'rt-secret' });
    const auth = await tab();
    setAuth(auth);
    const onUnauthenticated = jest.fn();
    setApiClients(createApiClients({ getToken: () => auth.getAccessToken(), onUnauthenticated, retryDelayMs: 0 }));
    const redirect = jest.spyOn(auth.userManager, 'signinRedirect').mockResolvedValue();
    // The provider's sign-out page is loading: the redirect never comes back.
    jest.spyOn(auth.userManager, 'signoutRedirect').mockReturnValue(new Promise(() => undefined));
    const warn = jest.spyOn(console, 'warn');
    const removed = new Promise<void>((resolve) => auth.on('user-unloaded', () => resolve()));

    void auth.signOut();
    expect(auth.isSigningOut()).toBe(true);
    await removed;

    await expect(
      createApiClients({ getToken: () => auth.getAccessToken(), onUnauthenticated, retryDelayMs: 0 }).iam.postVoid('check_user', {}),
    ).rejects.toBeInstanceOf(NotAuthenticatedError);
    await expect(loadPermissions()).resolves.toEqual(new Set());
    await auth.signIn();
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalledWith('Failed to check user privileges', expect.anything());
    expect(auth.mayRedirectToSignIn()).toBe(false);
  });

  it('lets a renew under way finish before revoking, and stores no user after the removal', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 120 });
    server.use(...idpHandlers(log, { rotate: true, tokenDelayMs: 50 }));
    const auth = await tab({ locks: memoryLocks() });
    jest.spyOn(auth.userManager, 'signoutRedirect').mockResolvedValue();
    const renewing = auth.renew();
    await auth.signOut();
    await renewing;
    expect(log.revocation.map((form) => form.get('token'))).toEqual(['rt-2']);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('waits for another tab’s renew under way: its user is revoked and removed, not stored after the removal', async () => {
    storeUser({ accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 120 });
    server.use(...idpHandlers(log, { rotate: true, tokenDelayMs: 50 }));
    const locks = memoryLocks();
    const signingOut = await tab({ locks });
    const renewing = await tab({ locks });
    jest.spyOn(signingOut.userManager, 'signoutRedirect').mockResolvedValue();
    const renewed = renewing.renew();
    await signingOut.signOut();
    await renewed;
    expect(log.revocation.map((form) => form.get('token'))).toEqual(['rt-2']);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });
});
