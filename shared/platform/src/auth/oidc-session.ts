import {
  ErrorResponse,
  ErrorTimeout,
  SessionMonitor,
  User,
  UserManager,
  WebStorageStateStore,
  type SigninSilentArgs,
  type UserManagerSettings,
} from 'oidc-client-ts';
import type { Auth, CreateAuthOptions } from './auth';
import type { AuthEvents } from './auth-events';
import { redirectInfoToPath, saveRedirectInfo, takeRedirectInfo, type RedirectInfo } from './redirect-info';
import { indexedDbHandoff, type RenewHandoff } from './renew-handoff';
import { renewLockName, withRenewLock, type RenewLocks } from './renew-lock';
import { SubjectChangedError, renewRetryDelaySeconds } from './renew-retry';
import { createSessionExpiredNotice } from './session-expired-notice';
import {
  SESSION_CHECK_INTERVAL_SECONDS,
  SILENT_REQUEST_TIMEOUT_SECONDS,
  TOKEN_EXPIRING_NOTICE_SECONDS,
  isSessionInvalid,
  userStoreKey,
} from './session';
import { SignInLinkExpiredError } from './sign-in-link-expired-error';

/**
 * The session on oidc-client-ts: the lazy part of the platform's auth, loaded by auth.ts (after
 * the first paint when the stored session is valid, at once otherwise). It owns the UserManager,
 * the cross-tab renew (lock and hand-off), the retries while the provider is down, the
 * session-expired notice, the session monitor and the storage-event following.
 */

/** Paths never saved as the place to return to (they would loop back into the sign-in). */
const NOT_RETURNABLE = ['/callback', '/oauth/callback', '/silent-renew.html'];

// oidc-client-ts throws a plain Error for it (no class or code to test), so its text is compared
// here and nowhere else.
const NO_MATCHING_STATE = 'No matching state found in storage';

/** What auth.ts delegates to once oidc-client-ts is loaded (its events go to auth.ts's emitter). */
export type OidcSession = Omit<Auth, 'on' | 'loadUserManager'>;

interface RenewRequest {
  /** Passed on to oidc-client-ts's signinSilent. */
  args?: SigninSilentArgs;
  /**
   * The access token this tab wants replaced: a stored user with another (valid) token was renewed
   * by another tab and is taken instead. The token the timers were armed for by default.
   */
  replacing?: string;
  /**
   * Renew even when the stored token is not about to expire (renew(), a token the API refused).
   * Without it a stored token that expires later than the expiring notice counts as renewed.
   */
  force?: boolean;
}

/**
 * The one UserManager, with in-flight silent renew tracking: concurrent renews in this tab share
 * one request, renews of several tabs take turns under a Web Lock (and a tab whose turn comes
 * after another tab renewed takes that tab's user), getAccessToken waits for a renew, and the
 * subject must be unchanged after it.
 */
class PortalUserManager extends UserManager {
  renewInFlight: Promise<User | null> | null = null;
  /** The access token the access-token timers were last armed for (the one this tab works with). */
  armedAccessToken: string | undefined;

  /** The user a renew under the lock works with (the newest any tab stored), while it runs. */
  private userForRenew: User | null = null;

  constructor(
    settings: UserManagerSettings,
    private readonly lockName: string,
    private readonly locks: RenewLocks | null | undefined,
    private readonly handoff: RenewHandoff | null,
    private readonly userKey: string,
  ) {
    super(settings);
    // Every way a user reaches this tab (sign-in, renew, start, another tab's renew) arms the
    // timers through events.load; remembering its token tells "renewed elsewhere" from "mine".
    const events = this.events;
    const load = events.load.bind(events);
    events.load = async (user, raiseEvent) => {
      this.armedAccessToken = user.access_token;
      await load(user, raiseEvent);
    };
  }

  /**
   * The stored user without side effects. UserManager.getUser() also re-arms the access-token
   * timers, and calling it after the expiring timer fired would start another renew a second
   * later, defeating the 5 s retry; the timers are armed by the library itself at start and after
   * every sign-in or renew.
   */
  loadStoredUser(): Promise<User | null> {
    return this._loadUser();
  }

  protected override async _loadUser(): Promise<User | null> {
    return this.userForRenew ?? super._loadUser();
  }

  /** Every stored user is mirrored into the hand-off, so the next tab under the lock reads it. */
  override async storeUser(user: User | null): Promise<void> {
    await super.storeUser(user);
    try {
      await this.handoff?.write(this.userKey, user ? user.toStorageString() : null);
    } catch (error) {
      console.warn('Could not hand the stored user to the other tabs (IndexedDB)', error);
    }
  }

  /**
   * The newest user any tab stored: the hand-off's (written before the lock was released) unless
   * this tab's localStorage holds a later one (a hand-off write that failed); a removal there wins.
   */
  private async latestUser(): Promise<User | null> {
    const local = await super._loadUser();
    let handed: string | null | undefined;
    try {
      handed = await this.handoff?.read(this.userKey);
    } catch {
      handed = undefined; // IndexedDB unavailable: localStorage alone
    }
    if (handed === undefined) return local;
    if (handed === null) return null;
    const user = User.fromStorageString(handed);
    return local && (local.expires_at ?? 0) > (user.expires_at ?? 0) ? local : user;
  }

  /** oidc-client-ts's automatic renew (the expiring timer, the 5 s retry) comes through here. */
  override signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    return this.renewShared({ args });
  }

  renewShared(request: RenewRequest = {}): Promise<User | null> {
    if (this.renewInFlight) return this.renewInFlight;
    const replacing = request.replacing ?? this.armedAccessToken;
    const renew = this.underRenewLock(() => this.renewUnderLock(request, replacing));
    this.renewInFlight = renew;
    const clear = () => {
      if (this.renewInFlight === renew) this.renewInFlight = null;
    };
    renew.then(clear, clear);
    return renew;
  }

  /** Runs `task` holding the renew lock every tab of this provider and client takes. */
  underRenewLock<T>(task: () => Promise<T>): Promise<T> {
    return this.locks === undefined ? withRenewLock(this.lockName, task) : withRenewLock(this.lockName, task, this.locks);
  }

  private async renewUnderLock(request: RenewRequest, replacing: string | undefined): Promise<User | null> {
    // Read again under the lock: another tab may have renewed (and rotated the refresh token)
    // while this one waited, or signed out.
    const stored = await this.latestUser();
    if (!stored) return null;
    if (renewedElsewhere(stored, replacing, request.force ?? false)) {
      await this.events.load(stored); // re-arms this tab's timers; user-loaded
      return stored;
    }
    const args = request.args ?? {};
    // The renew presents this user's refresh token, not an older one this tab's localStorage
    // copy may still show.
    this.userForRenew = stored;
    let user: User | null;
    try {
      // oidc-client-ts's automatic renew passes no timeout, which would leave a refresh-token
      // request without one; a timeout is what makes the 5 s retry happen.
      user = await super.signinSilent({
        ...args,
        silentRequestTimeoutInSeconds: args.silentRequestTimeoutInSeconds ?? SILENT_REQUEST_TIMEOUT_SECONDS,
      });
    } finally {
      this.userForRenew = null;
    }
    if (user && user.profile.sub !== stored.profile.sub) {
      await this.removeUser();
      throw new SubjectChangedError();
    }
    return user;
  }
}

/**
 * Whether the stored user is already the renewed one: valid, and either holding another access
 * token than the one to replace, or (for the automatic renew) not about to expire.
 */
function renewedElsewhere(stored: User, replacing: string | undefined, force: boolean): boolean {
  if (isSessionInvalid(stored)) return false;
  if (replacing !== undefined && stored.access_token !== replacing) return true;
  return !force && (stored.expires_in ?? 0) > TOKEN_EXPIRING_NOTICE_SECONDS;
}


/**
 * Whether a renew failure says the provider could not be reached (network error, timeout, an
 * error page): worth retrying, and no reason to send the user to the sign-in page (it would not
 * load). An answer of the provider itself (an OAuth error such as invalid_grant or
 * login_required) means the session is over: not retried (renew-retry.ts).
 */
export function isProviderUnreachable(error: unknown): boolean {
  if (error instanceof ErrorTimeout) return true;
  if (error instanceof ErrorResponse || error instanceof SubjectChangedError) return false;
  return true;
}

export function createOidcSession(options: CreateAuthOptions, events: AuthEvents): OidcSession {
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
    // Started below only when the IdP advertises check_session_iframe; then it asks every 2 s.
    monitorSession: false,
    checkSessionIntervalInSeconds: SESSION_CHECK_INTERVAL_SECONDS,
  };
  const userKey = userStoreKey(options.authority, options.clientId);

  const handoff = options.handoff === undefined ? indexedDbHandoff() : options.handoff;
  const manager = new PortalUserManager(settings, renewLockName(options.authority, options.clientId), options.locks, handoff, userKey);
  const expiredNotice = createSessionExpiredNotice();
  let monitor: SessionMonitor | null = null;
  let disposed = false;
  let signingIn: Promise<void> | null = null;
  let signingOut = false;
  let completing: { url: string; done: Promise<string> } | null = null;
  /** The access token expired while the provider could not be reached (the notice offers sign-in). */
  let expiredUnreachable = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryAttempt = 0;

  function stopRetries() {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    retryAttempt = 0;
  }

  /** The next retry of a renew the unreachable provider made fail (renew-retry.ts). */
  function scheduleRetry() {
    if (disposed || signingOut || retryTimer !== null) return;
    const delay = renewRetryDelaySeconds(retryAttempt);
    retryAttempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      manager.renewShared().then(
        (user) => {
          if (user && !isSessionInvalid(user)) stopRetries();
        },
        (error: unknown) => void renewFailed(error),
      );
    }, delay * 1000);
  }

  /** A renew failed: retry while the provider is unreachable; once the token expired, say so. */
  async function renewFailed(error: unknown) {
    if (disposed || signingOut || !isProviderUnreachable(error)) return;
    const user = await manager.loadStoredUser();
    if (!user) return;
    scheduleRetry();
    if (user.expired) showExpiredNotice();
  }

  function showExpiredNotice() {
    if (signingOut) return;
    expiredUnreachable = true;
    expiredNotice.show(() => {
      signIn().catch((error: unknown) => console.error('Sign-in redirect failed', error));
    });
  }

  function sessionWorks(user: User) {
    if (isSessionInvalid(user)) return;
    stopRetries();
    if (expiredUnreachable) expiredNotice.dismiss();
    expiredUnreachable = false;
  }

  /** The token has really expired: one more renew (unless one is under way), else the notice. */
  async function tokenExpired() {
    if (manager.renewInFlight) await manager.renewInFlight.catch(() => null);
    const user = await manager.loadStoredUser();
    if (disposed || signingOut || !user?.expired || !user.refresh_token) return;
    try {
      await manager.renewShared({ replacing: user.access_token });
    } catch (error) {
      await renewFailed(error);
    }
  }

  const unsubscribers = [
    manager.events.addUserLoaded((user) => {
      sessionWorks(user);
      events.emit('user-loaded', user);
    }),
    manager.events.addUserUnloaded(() => {
      stopRetries();
      events.emit('user-unloaded', undefined);
    }),
    manager.events.addUserSignedIn(() => events.emit('signed-in', undefined)),
    manager.events.addUserSignedOut(() => events.emit('signed-out', undefined)),
    manager.events.addUserSessionChanged(() => events.emit('session-changed', undefined)),
    manager.events.addSilentRenewError((error) => {
      events.emit('silent-renew-error', error);
      void renewFailed(error);
    }),
    manager.events.addAccessTokenExpired(() => void tokenExpired()),
  ];

  // Another tab renewed, signed in or signed out: the stored user changed under this tab's feet.
  // Take it (re-arming this tab's timers, so it does not renew a token already renewed) or drop it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== userKey || (event.storageArea !== null && event.storageArea !== storage)) return;
    if (signingOut) return;
    if (event.newValue === null) {
      void manager.events.unload();
      return;
    }
    let user: User;
    try {
      user = User.fromStorageString(event.newValue);
    } catch {
      return;
    }
    if (user.access_token === manager.armedAccessToken) return;
    void manager.events.load(user);
  };
  const canListen = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (canListen) window.addEventListener('storage', onStorage);

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
    if (user?.expired && user.refresh_token && !signingOut) {
      try {
        user = await manager.renewShared({ replacing: user.access_token });
      } catch (error) {
        await renewFailed(error);
        user = null;
      }
    }
    return user && !isSessionInvalid(user) ? user.access_token : null;
  }

  async function renewRejectedToken(rejected: string): Promise<string | null> {
    if (signingOut) return null;
    try {
      const user = await manager.renewShared({ replacing: rejected, force: true });
      return user && !isSessionInvalid(user) && user.access_token !== rejected ? user.access_token : null;
    } catch (error) {
      await renewFailed(error);
      return null;
    }
  }

  function currentLocation(): RedirectInfo {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash };
  }

  function signIn(location: RedirectInfo = currentLocation()): Promise<void> {
    // The page is leaving for the provider's sign-out: a sign-in now would race it.
    if (signingOut) return Promise.resolve();
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

  /** Revokes the refresh token where the provider can (no revocation endpoint: nothing to do). */
  async function revokeRefreshToken(user: User | null) {
    if (!user?.refresh_token) return;
    try {
      const endpoint = await manager.metadataService.getRevocationEndpoint();
      if (!endpoint) return; // RFC 7009 is optional: the refresh token then ends with its session
      await manager.revokeTokens(['refresh_token']);
    } catch (error) {
      console.warn('Failed to revoke the refresh token', error);
    }
  }

  async function signOut(): Promise<void> {
    // From here until the page leaves, a call or permission check that finds no token does not
    // start a sign-in, and no renew stores a user again.
    signingOut = true;
    stopRetries();
    manager.stopSilentRenew();
    expiredNotice.dismiss();
    if (manager.renewInFlight) await manager.renewInFlight.catch(() => null);
    // Under the renew lock: another tab's renew under way stores its user first, which is then
    // revoked and removed here, and one that starts later finds no user. Without it, a renew that
    // ended just after the removal signed this browser in again.
    const user = await manager.underRenewLock(async () => {
      const stored = await manager.loadStoredUser();
      await revokeRefreshToken(stored);
      await manager.removeUser();
      return stored;
    });
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
    renewRejectedToken,
    signIn,
    completeSignIn,
    signOut,
    isSigningOut: () => signingOut,
    mayRedirectToSignIn: () => !signingOut && !expiredUnreachable,
    reportMissingToken() {
      if (expiredUnreachable) showExpiredNotice();
    },
    renew: () => manager.renewShared({ force: true }),
    dispose() {
      disposed = true;
      stopRetries();
      manager.stopSilentRenew();
      if (canListen) window.removeEventListener('storage', onStorage);
      for (const unsubscribe of unsubscribers) unsubscribe();
      manager.events.unload().catch(() => undefined);
    },
  };
}
