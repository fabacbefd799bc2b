import type { User } from 'oidc-client-ts';
import { setAuth, type Auth } from './auth/auth';
import { createApiClients, setApiClients, type ApiClients } from './http/api-clients';
import { initI18n } from './i18n/i18n';
import { resetPermissions } from './permissions/permissions-store';
import { resetServerState } from './server-state/query-client';
import { requestTimeoutMs } from './stores/config-store';
import { persistenceUser, setPersistenceUser } from './stores/per-user-persistence';

export interface InitPlatformOptions {
  auth: Auth;
  /** Base path of the "other" client of SPEC section 7 (its base is not named there). */
  otherBasePath?: string;
  /** The browser's languages (navigator.languages by default). */
  languages?: readonly string[];
}

export interface Platform {
  auth: Auth;
  clients: ApiClients;
  dispose(): void;
}

/**
 * Wires the singleton once, before anything loads: i18n, the auth, the API clients (token from the
 * auth, sign-in when there is none, timeout from the config store at each call), and the per-user
 * state (persisted stores, the permission cache and the server-data cache follow the signed-in
 * user's subject).
 */
export function initPlatform(options: InitPlatformOptions): Platform {
  const { auth } = options;
  initI18n({ languages: options.languages });
  setAuth(auth);
  const clients = createApiClients({
    getToken: () => auth.getAccessToken(),
    onUnauthenticated: () => {
      auth.signIn().catch((error: unknown) => console.error('Sign-in redirect failed', error));
    },
    timeoutMs: requestTimeoutMs,
    otherBasePath: options.otherBasePath,
  });
  setApiClients(clients);

  const follow = (user: User | null) => {
    const sub = user?.profile.sub ?? null;
    if (sub === persistenceUser()) return;
    resetPermissions();
    // One user's cached server data never shows for the next (sign-out, another account).
    resetServerState();
    void setPersistenceUser(sub);
  };
  const offs = [
    auth.on('user-loaded', follow),
    auth.on('user-unloaded', () => follow(null)),
    // Session monitor: signed out at the identity provider. Drop the local user too; the route
    // guard then sends the user to sign-in on the next navigation or call.
    auth.on('signed-out', () => void auth.userManager.removeUser()),
  ];
  void auth.getUser().then(follow, () => follow(null));

  return {
    auth,
    clients,
    dispose() {
      offs.forEach((off) => off());
      setApiClients(null);
      setAuth(null);
    },
  };
}
