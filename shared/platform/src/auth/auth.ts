import {
  SessionMonitor,
  User,
  UserManager,
  WebStorageStateStore,
  type SigninSilentArgs,
  type UserManagerSettings,
} from 'oidc-client-ts';
import { AuthEvents, type AuthEventMap, type AuthEventName } from './auth-events';
import { redirectInfoToPath, saveRedirectInfo, takeRedirectInfo, type RedirectInfo } from './redirect-info';
import { isSessionInvalid } from './session';

/** SPEC section 9: silent request timeout, also the timeout of every call to the identity provider. */
export const SILENT_REQUEST_TIMEOUT_SECONDS = 10;
/** SPEC section 9: silent renew starts this long before the access token expires. */
export const TOKEN_EXPIRING_NOTICE_SECONDS = 60;

/** Paths never saved as the place to return to (they would loop back into the sign-in). */
const NOT_RETURNABLE = ['/callback', '/oauth/callback', '/silent-renew.html'];

/**
 * /callback carried a `state` this browser does not hold (oidc-client-ts: "No matching state found
 * in storage", SPEC section 8): the link was used already (replayed), opened in another browser,
 * bookmarked, or its state was cleared as stale (older than 900 s, SPEC section 4). Nothing is
 * broken: the user only needs to sign in again. Other callback errors pass on unchanged.
 */
export class SignInLinkExpiredError extends Error {
  override readonly name = 'SignInLinkExpiredError';

  constructor(options?: { cause?: unknown }) {
    super('The sign-in link has expired or was already used', options);
  }
}

// oidc-client-ts throws a plain Error for it (no class or code to test), so its text is compared
// here and nowhere else.
const NO_MATCHING_STATE = 'No matching state found in storage';

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
}

/**
 * The one UserManager, with in-flight silent renew tracking: concurrent renews share one request,
 * getAccessToken waits for it, and the subject must be unchanged after it.
 */
class PortalUserManager extends UserManager {
  renewInFlight: Promise<User | null> | null = null;

  /**
   * The stored user without side effects. UserManager.getUser() also re-arms the access-token
   * timers, and calling it after the expiring timer fired would start another renew a second
   * later, defeating the 5 s retry; the timers are armed by the library itself at start and after
   * every sign-in or renew.
   */
  loadStoredUser(): Promise<User | null> {
    return this._loadUser();
  }

  override signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    if (this.renewInFlight) return this.renewInFlight;
    const renew = (async () => {
      const before = (await this.loadStoredUser())?.profile.sub;
      // oidc-client-ts's automatic renew passes no timeout, which would leave a refresh-token
      // request without one; a timeout is what makes the 5 s retry happen.
      const user = await super.signinSilent({
        ...args,
        silentRequestTimeoutInSeconds: args.silentRequestTimeoutInSeconds ?? SILENT_REQUEST_TIMEOUT_SECONDS,
      });
      if (before && user && user.profile.sub !== before) {
        await this.removeUser();
        throw new Error('login_required: the subject changed during silent renew');
      }
      return user;
    })();
    this.renewInFlight = renew;
    const clear = () => {
      if (this.renewInFlight === renew) this.renewInFlight = null;
    };
    renew.then(clear, clear);
    return renew;
  }
}

export interface Auth {
  readonly userManager: UserManager;
  /** Resolves when the session-monitor decision is made (after reading the IdP metadata). */
  readonly ready: Promise<void>;
  /** Whether the session monitor runs (only when the IdP advertises check_session_iframe). */
  sessionMonitorActive(): boolean;
  getUser(): Promise<User | null>;
  /**
   * The access token for a call, or null when the session is invalid. Waits for a silent renew
   * that is under way instead of failing; an expired token with a refresh token is renewed first.
   */
  getAccessToken(): Promise<string | null>;
  /** Saves the location (the current one by default), then redirects to the identity provider. */
  signIn(location?: RedirectInfo): Promise<void>;
  /**
   * On /callback: completes the sign-in when the query has `state`; returns the path to go to.
   * Rejects with SignInLinkExpiredError for a state this browser does not hold (the saved location
   * is then kept for the next sign-in); other errors (ErrorResponse such as access_denied, a failed
   * token request) pass on. Concurrent calls for one URL share one completion.
   */
  completeSignIn(url?: string): Promise<string>;
  /** Revokes the refresh token, removes the user and redirects to the IdP's sign-out, then the root. */
  signOut(): Promise<void>;
  /** A silent renew now (shared with one under way). */
  renew(): Promise<User | null>;
  on<K extends AuthEventName>(event: K, listener: (payload: AuthEventMap[K]) => void): () => void;
  /** Stops timers and listeners (tests, hot reload). */
  dispose(): void;
}

export function createAuth(options: CreateAuthOptions): Auth {
  const origin = options.origin.replace(/\/+$/, '');
  const defaultPath = options.defaultPath ?? '/';
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const storage = options.storage ?? window.localStorage;

  const settings: UserManagerSettings = {
    ...options.settings,
    authority: options.authority,
    client_id: options.clientId,
    scope: 'openid email profile',
    response_type: 'code',
    loadUserInfo: true,
    redirect_uri: `${origin}/callback`,
    silent_redirect_uri: `${origin}/silent-renew.html`,
    post_logout_redirect_uri: origin,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRING_NOTICE_SECONDS,
    silentRequestTimeoutInSeconds: SILENT_REQUEST_TIMEOUT_SECONDS,
    requestTimeoutInSeconds: SILENT_REQUEST_TIMEOUT_SECONDS,
    validateSubOnSilentRenew: true,
    // Persisted under oidc-client-ts's key "oidc.user:<authority>:<clientId>".
    userStore: new WebStorageStateStore({ store: storage }),
    revokeTokenTypes: ['refresh_token'],
    revokeTokensOnSignout: false, // signOut() revokes itself, so a failed revocation cannot block sign-out
    // Started below only when the IdP advertises check_session_iframe.
    monitorSession: false,
  };

  const manager = new PortalUserManager(settings);
  const events = new AuthEvents();
  let monitor: SessionMonitor | null = null;
  let disposed = false;
  let signingIn: Promise<void> | null = null;
  let completing: { url: string; done: Promise<string> } | null = null;

  const unsubscribers = [
    manager.events.addUserLoaded((user) => events.emit('user-loaded', user)),
    manager.events.addUserUnloaded(() => events.emit('user-unloaded', undefined)),
    manager.events.addUserSignedIn(() => events.emit('signed-in', undefined)),
    manager.events.addUserSignedOut(() => events.emit('signed-out', undefined)),
    manager.events.addUserSessionChanged(() => events.emit('session-changed', undefined)),
    manager.events.addSilentRenewError((error) => events.emit('silent-renew-error', error)),
  ];

  const ready = (async () => {
    try {
      const checkSessionIframe = await manager.metadataService.getCheckSessionIframe();
      if (checkSessionIframe && !disposed) monitor = new SessionMonitor(manager);
    } catch (error) {
      // Metadata unreachable: no session monitor; sign-in will report the IdP problem itself.
      console.warn('Could not read the identity provider metadata; session monitor off', error);
    }
  })();

  const getUser = () => manager.loadStoredUser();

  async function getAccessToken(): Promise<string | null> {
    if (manager.renewInFlight) await manager.renewInFlight.catch(() => null);
    let user = await manager.loadStoredUser();
    if (user?.expired && user.refresh_token) {
      user = await manager.signinSilent().catch(() => null);
    }
    return user && !isSessionInvalid(user) ? user.access_token : null;
  }

  function currentLocation(): RedirectInfo {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash };
  }

  function signIn(location: RedirectInfo = currentLocation()): Promise<void> {
    if (signingIn) return signingIn;
    if (!NOT_RETURNABLE.includes(location.pathname)) saveRedirectInfo(location);
    signingIn = manager.signinRedirect().finally(() => {
      signingIn = null;
    });
    return signingIn;
  }

  async function finishSignIn(url: string): Promise<string> {
    const query = new URL(url, origin).searchParams;
    if (query.has('state')) {
      try {
        await manager.signinCallback(url);
      } catch (error) {
        if (error instanceof Error && error.message === NO_MATCHING_STATE) throw new SignInLinkExpiredError({ cause: error });
        throw error;
      }
    }
    const info = takeRedirectInfo();
    return info ? redirectInfoToPath(info) : defaultPath;
  }

  function completeSignIn(url: string = window.location.href): Promise<string> {
    // The state is used up by the first completion: a second one for the same URL (an effect run
    // twice) would find none and report an expired link for a sign-in that is succeeding.
    if (completing?.url === url) return completing.done;
    const done = finishSignIn(url);
    completing = { url, done };
    return done;
  }

  async function signOut(): Promise<void> {
    const user = await manager.loadStoredUser();
    try {
      await manager.revokeTokens(['refresh_token']);
    } catch (error) {
      console.warn('Failed to revoke the refresh token', error);
    }
    await manager.removeUser();
    try {
      await manager.signoutRedirect({ id_token_hint: user?.id_token, post_logout_redirect_uri: origin });
    } catch (error) {
      // The IdP cannot be reached: the user is signed out here at least, and lands on the root.
      console.warn('Failed to send the sign-out request', error);
      navigate(`${origin}/`);
    }
  }

  return {
    userManager: manager,
    ready,
    sessionMonitorActive: () => monitor !== null,
    getUser,
    getAccessToken,
    signIn,
    completeSignIn,
    signOut,
    renew: () => manager.signinSilent(),
    on: (event, listener) => events.on(event, listener),
    dispose() {
      disposed = true;
      manager.stopSilentRenew();
      for (const unsubscribe of unsubscribers) unsubscribe();
      manager.events.unload().catch(() => undefined);
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
