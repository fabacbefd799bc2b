import type { Auth, CreateAuthOptions } from '../auth';

// Counts the loads of oidc-client-ts: the facade must answer a valid stored session without it.
let mockOidcLoads = 0;
jest.mock('oidc-client-ts', () => {
  mockOidcLoads += 1;
  return jest.requireActual<object>('oidc-client-ts');
});

const AUTHORITY = 'http://idp.test';
const CLIENT_ID = 'assistant-portal';
const USER_KEY = `oidc.user:${AUTHORITY}:${CLIENT_ID}`;
const metadata = { issuer: AUTHORITY, authorization_endpoint: `${AUTHORITY}/auth`, token_endpoint: `${AUTHORITY}/token` };

/** A user as oidc-client-ts's User.toStorageString() writes it (written here, so the test loads no oidc-client-ts). */
function storeRecord(expiresIn: number, accessToken = 'at-1') {
  const record = {
    id_token: 'id-token',
    session_state: null,
    access_token: accessToken,
    refresh_token: 'rt-1',
    token_type: 'Bearer',
    scope: 'openid email profile',
    profile: { sub: 'erika', iss: AUTHORITY, aud: CLIENT_ID, exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
  };
  localStorage.setItem(USER_KEY, JSON.stringify(record));
  return record;
}

let auth: Auth | null = null;
/** A fresh module registry each time, so each test sees whether it loads oidc-client-ts. */
function make(options: Partial<CreateAuthOptions> = {}): Auth {
  const { createAuth } = jest.requireActual<typeof import('../auth')>('../auth');
  auth = createAuth({ authority: AUTHORITY, clientId: CLIENT_ID, origin: 'http://localhost', settings: { metadata }, ...options });
  return auth;
}

/** Lets the promise chain of a dynamic import() run. */
const microtasks = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

beforeEach(() => {
  jest.resetModules();
  mockOidcLoads = 0;
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  auth?.dispose();
  auth = null;
  localStorage.clear();
  jest.useRealTimers();
});

describe('the auth facade (oidc-client-ts after the first paint)', () => {
  it('answers a valid stored session without loading oidc-client-ts, and loads it after the first paint', async () => {
    const record = storeRecord(900);
    const a = make();
    await microtasks();

    expect(await a.getAccessToken()).toBe('at-1');
    const user = await a.getUser();
    expect(user).toMatchObject({ access_token: 'at-1', refresh_token: 'rt-1', profile: { sub: 'erika' }, expired: false });
    expect(user?.expires_in).toBeGreaterThan(800);
    expect(user?.scopes).toEqual(['openid', 'email', 'profile']);
    expect(JSON.parse(user!.toStorageString())).toEqual(record);
    expect(a.mayRedirectToSignIn()).toBe(true);
    expect(a.sessionMonitorActive()).toBe(false);
    expect(() => a.userManager).toThrow('oidc-client-ts is not loaded yet');
    expect(mockOidcLoads).toBe(0);

    await jest.advanceTimersByTimeAsync(40); // a frame, then the task after it
    expect(mockOidcLoads).toBe(1);
    expect(a.userManager.settings.client_id).toBe(CLIENT_ID);
  });

  it('hands over the same user: the implementation answers with what the facade answered', async () => {
    storeRecord(900);
    const a = make();
    const loaded = jest.fn();
    const unloaded = jest.fn();
    a.on('user-loaded', loaded);
    a.on('user-unloaded', unloaded);
    const before = await a.getUser();

    await a.loadUserManager();
    await a.ready;
    const after = await a.getUser();
    expect(after?.toStorageString()).toBe(before?.toStorageString());
    expect(after).toMatchObject({ access_token: before?.access_token, expires_at: before?.expires_at, profile: before?.profile });
    expect(await a.getAccessToken()).toBe('at-1');
    expect(unloaded).not.toHaveBeenCalled();
    expect(loaded).not.toHaveBeenCalled(); // nothing changed for the listeners
    expect(mockOidcLoads).toBe(1);
  });

  it('loads oidc-client-ts at once without a stored session, or with an expired one', async () => {
    make();
    await microtasks();
    expect(mockOidcLoads).toBe(1);
    expect(await auth!.getUser()).toBeNull();
    auth!.dispose();

    jest.resetModules();
    mockOidcLoads = 0;
    storeRecord(-30);
    make();
    await microtasks();
    expect(mockOidcLoads).toBe(1);
  });

  it('loads it at once when the token is about to be renewed (inside the expiring notice)', async () => {
    storeRecord(45);
    const a = make();
    await microtasks();
    expect(mockOidcLoads).toBe(1);
    expect(a.userManager).toBeDefined();
  });

  it('follows another tab before loading: a sign-out there is heard, and the token is then gone', async () => {
    storeRecord(900);
    const a = make();
    const seen: string[] = [];
    a.on('user-loaded', (user) => seen.push(user.access_token));
    a.on('user-unloaded', () => seen.push('unloaded'));

    const renewed = storeRecord(900, 'at-other');
    window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, newValue: JSON.stringify(renewed), storageArea: localStorage }));
    expect(await a.getAccessToken()).toBe('at-other');
    expect(mockOidcLoads).toBe(0);

    localStorage.removeItem(USER_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, newValue: null, storageArea: localStorage }));
    expect(seen).toEqual(['at-other', 'unloaded']);
    expect(await a.getAccessToken()).toBeNull(); // no valid session: answered by the implementation
    expect(mockOidcLoads).toBe(1);
  });

  it('is signing out from the moment signOut() is called, before oidc-client-ts has loaded', () => {
    storeRecord(900);
    const a = make({ navigate: jest.fn() });
    const signingOut = a.signOut().catch(() => undefined);
    expect(a.isSigningOut()).toBe(true);
    expect(a.mayRedirectToSignIn()).toBe(false);
    a.dispose();
    return signingOut;
  });
});
