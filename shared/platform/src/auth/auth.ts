import type { User, UserManager, UserManagerSettings } from 'oidc-client-ts';
import { AuthEvents, type AuthEventMap, type AuthEventName } from './auth-events';
import type { OidcSession } from './oidc-session';
import type { RedirectInfo } from './redirect-info';
import type { RenewHandoff } from './renew-handoff';
import type { RenewLocks } from './renew-lock';
import { TOKEN_EXPIRING_NOTICE_SECONDS, isSessionInvalid, userStoreKey } from './session';
import { parseStoredUser, readStoredUser } from './stored-user';

export { SESSION_CHECK_INTERVAL_SECONDS, SILENT_REQUEST_TIMEOUT_SECONDS, TOKEN_EXPIRING_NOTICE_SECONDS } from './session';
export { SignInLinkExpiredError } from './sign-in-link-expired-error';

/*
 * The platform's auth is a small facade so that oidc-client-ts (about 20 KB gzip) stays out of the
 * shell's first paint. While the persisted user holds a valid session, the facade
 * answers from that record and imports the implementation (oidc-session.ts) right after the first
 * paint, or sooner when something needs it (sign-in, sign-out, a renew, a token the API refused, a
 * session that stopped being valid). Without a valid session it is imported at once: the sign-in
 * needs it. From then on every call goes to the implementation, which behaves as before.
 */

export interface CreateAuthOptions {
  /** The identity provider's issuer URL. */
  authority: string;
  clientId: string;
  /** The portal's origin, such as http://localhost:8080. */
  origin: string;
  /** Where the user is persisted; localStorage by default. */
  storage?: Storage;
  /** Where /callback sends the user when no location was saved; '/' by default. */
  defaultPath?: string;
  /** Used when the sign-out request cannot be sent (identity provider down). */
  navigate?: (url: string) => void;
  /** Extra oidc-client-ts settings (tests pass `metadata`). The spec's settings always win. */
  settings?: Partial<UserManagerSettings>;
  /**
   * The cross-tab renew lock; the browser's Web Locks API by default, none where it is missing
   * (each tab then renews on its own). Tests pass an in-memory one.
   */
  locks?: RenewLocks | null;
  /**
   * Where the renewed user is handed to the next tab under the lock (renew-handoff.ts); IndexedDB
   * by default, none where it is missing (localStorage alone). Tests pass an in-memory one.
   */
  handoff?: RenewHandoff | null;
}

export interface Auth {
  /**
   * oidc-client-ts's UserManager, once it is loaded (loadUserManager()); reading it before throws.
   * The auth events and the methods below work from the start.
   */
  readonly userManager: UserManager;
  /** Loads oidc-client-ts now, unless it is loaded already, and resolves with the UserManager. */
  loadUserManager(): Promise<UserManager>;
  /**
   * Resolves when oidc-client-ts is loaded and the session-monitor decision is made (after reading
   * the IdP metadata). Waiting for it does not load oidc-client-ts sooner.
   */
  readonly ready: Promise<void>;
  /** Whether the session monitor runs (only when the IdP advertises check_session_iframe; false until loaded). */
  sessionMonitorActive(): boolean;
  getUser(): Promise<User | null>;
  /**
   * The access token for a call, or null when the session is invalid. Waits for a silent renew
   * that is under way instead of failing; an expired token with a refresh token is renewed first.
   */
  getAccessToken(): Promise<string | null>;
  /**
   * After the API refused `token` (401): a token to retry the call with once, or null. Takes a
   * token another tab or an earlier renew already got, else renews (shared, under the lock).
   */
  renewRejectedToken(token: string): Promise<string | null>;
  /** Saves the location (the current one by default), then redirects to the identity provider. */
  signIn(location?: RedirectInfo): Promise<void>;
  /**
   * On /callback: completes the sign-in when the query has `state`; returns the path to go to.
   * Rejects with SignInLinkExpiredError for a state this browser does not hold (the saved location
   * is then kept for the next sign-in); other errors (ErrorResponse such as access_denied, a failed
   * token request) pass on. Concurrent calls for one URL share one completion.
   */
  completeSignIn(url?: string): Promise<string>;
  /**
   * Revokes the refresh token (when the provider has a revocation endpoint), removes the user and
   * redirects to the IdP's sign-out, then the root.
   */
  signOut(): Promise<void>;
  /** True from the start of signOut() until the page leaves: nothing may start a sign-in meanwhile. */
  isSigningOut(): boolean;
  /**
   * Whether a call or route that finds no token may send the user to sign-in by itself: not during
   * sign-out (it would race the sign-out), and not while the session-expired notice offers the
   * sign-in (the identity provider is unreachable: the user decides when).
   */
  mayRedirectToSignIn(): boolean;
  /**
   * Called when a call found no token: shows the session-expired notice again if the session
   * expired while the provider was unreachable (the user may have dismissed it).
   */
  reportMissingToken(): void;
  /** A silent renew now (shared with one under way). */
  renew(): Promise<User | null>;
  on<K extends AuthEventName>(event: K, listener: (payload: AuthEventMap[K]) => void): () => void;
  /** Stops timers and listeners (tests, hot reload). */
  dispose(): void;
}

/**
 * Runs `task` once the browser has painted a frame (the frame after the next one has started),
 * or after a second at the latest: a tab opened in the background paints nothing until shown.
 * Returns the cancel function.
 */
function afterFirstPaint(task: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, 1000);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  return () => {
    done = true;
    clearTimeout(fallback);
  };
}

export function createAuth(options: CreateAuthOptions): Auth {
  const storage = options.storage ?? window.localStorage;
  const userKey = userStoreKey(options.authority, options.clientId);
  const events = new AuthEvents();
  let session: OidcSession | null = null;
  let loading: Promise<OidcSession> | null = null;
  let disposed = false;
  let signingOut = false;
  let sessionLoaded: (loaded: OidcSession) => void = () => undefined;
  const loaded = new Promise<OidcSession>((resolve) => (sessionLoaded = resolve));

  /** Imports the implementation and hands over to it; a failed import is tried again next time. */
  function load(): Promise<OidcSession> {
    loading ??= import('./oidc-session').then(
      ({ createOidcSession }) => {
        if (disposed) throw new Error('Auth was disposed');
        session = createOidcSession(options, events);
        sessionLoaded(session);
        return session;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  /** Calls the implementation: at once when it is loaded (a renew in flight is seen at once), else after loading it. */
  function withSession<T>(call: (loadedSession: OidcSession) => Promise<T>): Promise<T> {
    return session ? call(session) : load().then(call);
  }

  const loadInBackground = () => {
    load().catch((error: unknown) => {
      if (!disposed) console.error('Could not load the sign-in (oidc-client-ts)', error);
    });
  };

  /** The persisted user while it holds a valid session (what the facade may answer with), else null. */
  function validStoredUser(): User | null {
    const user = readStoredUser(storage, userKey);
    return isSessionInvalid(user) ? null : user;
  }

  // A renew due within the expiring notice also needs the implementation at once.
  const startUser = validStoredUser();
  let cancelLoad = () => undefined as void;
  if (startUser && (startUser.expires_in ?? 0) > TOKEN_EXPIRING_NOTICE_SECONDS) cancelLoad = afterFirstPaint(loadInBackground);
  else loadInBackground();

  // Until the implementation listens itself: another tab renewed, signed in or signed out.
  const onStorage = (event: StorageEvent) => {
    if (session || signingOut || event.key !== userKey || (event.storageArea !== null && event.storageArea !== storage)) return;
    const user = parseStoredUser(event.newValue);
    if (user) events.emit('user-loaded', user);
    else if (event.newValue === null) events.emit('user-unloaded', undefined);
  };
  const canListen = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (canListen) window.addEventListener('storage', onStorage);

  function currentLocation(): RedirectInfo {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash };
  }

  return {
    get userManager(): UserManager {
      if (!session) throw new Error('oidc-client-ts is not loaded yet: await auth.loadUserManager() first');
      return session.userManager;
    },
    loadUserManager: () => load().then((loadedSession) => loadedSession.userManager),
    ready: loaded.then((loadedSession) => loadedSession.ready),
    sessionMonitorActive: () => session?.sessionMonitorActive() ?? false,
    getUser() {
      const user = session ? null : validStoredUser();
      return user ? Promise.resolve(user) : withSession((loadedSession) => loadedSession.getUser());
    },
    getAccessToken() {
      const user = session ? null : validStoredUser();
      return user ? Promise.resolve(user.access_token) : withSession((loadedSession) => loadedSession.getAccessToken());
    },
    renewRejectedToken(token) {
      if (signingOut) return Promise.resolve(null);
      return withSession((loadedSession) => loadedSession.renewRejectedToken(token));
    },
    signIn(location = currentLocation()) {
      // The page is leaving for the provider's sign-out: a sign-in now would race it.
      if (signingOut) return Promise.resolve();
      return withSession((loadedSession) => loadedSession.signIn(location));
    },
    completeSignIn(url = window.location.href) {
      return withSession((loadedSession) => loadedSession.completeSignIn(url));
    },
    signOut() {
      signingOut = true; // at once: nothing may start a sign-in while the implementation loads
      return withSession((loadedSession) => loadedSession.signOut());
    },
    isSigningOut: () => signingOut,
    mayRedirectToSignIn: () => !signingOut && (session?.mayRedirectToSignIn() ?? true),
    reportMissingToken: () => session?.reportMissingToken(),
    renew: () => withSession((loadedSession) => loadedSession.renew()),
    on: (event, listener) => events.on(event, listener),
    dispose() {
      disposed = true;
      cancelLoad();
      if (canListen) window.removeEventListener('storage', onStorage);
      session?.dispose();
    },
  };
}

// ---- The platform's auth (a federation singleton: host and remotes share it) ----------------

let current: Auth | null = null;

/** Makes `auth` the platform's auth (initPlatform does this). */
export function setAuth(auth: Auth | null): void {
  current = auth;
}

export function getAuth(): Auth {
  if (!current) throw new Error('Auth is not configured: call initPlatform() first');
  return current;
}

export function hasAuth(): boolean {
  return current !== null;
}

export const getUser = (): Promise<User | null> => getAuth().getUser();
export const getAccessToken = (): Promise<string | null> => getAuth().getAccessToken();
export const signIn = (location?: RedirectInfo): Promise<void> => getAuth().signIn(location);
export const completeSignIn = (url?: string): Promise<string> => getAuth().completeSignIn(url);
export const signOut = (): Promise<void> => getAuth().signOut();
