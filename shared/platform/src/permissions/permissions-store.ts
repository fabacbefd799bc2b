import { create } from 'zustand';
import {
  KNOWN_PERMISSIONS,
  permissionCheckResponseSchema,
  type PermissionCheckRequest,
} from '@assistant/contracts/startup';
import { getAuth, hasAuth, type Auth } from '../auth/auth';
import { isSessionInvalid } from '../auth/session';
import { apiClients } from '../http/api-clients';
import { NotAuthenticatedError } from '../http/errors';

/** The permissions of SPEC section 6. */
export type PermissionName = (typeof KNOWN_PERMISSIONS)[number];

export type PermissionsStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface PermissionsState {
  status: PermissionsStatus;
  granted: ReadonlySet<PermissionName>;
}

/** Not persisted: permissions are asked once per user session (per page load and user). */
export const usePermissionsStore = create<PermissionsState>()(() => ({ status: 'idle', granted: new Set() }));

let inFlight: Promise<ReadonlySet<PermissionName>> | null = null;
let generation = 0;

const NONE: ReadonlySet<PermissionName> = new Set();

/** The user is signing out: no permission is asked for (and nothing may start a sign-in). */
const signingOut = (): boolean => hasAuth() && (getAuth() as Partial<Auth>).isSigningOut?.() === true;

/**
 * Asks POST /api/iam/check_user once for both permissions and caches the answer for the session;
 * concurrent callers share the one request. A failure logs "Failed to check user privileges" and
 * counts as no permission; it is cached too, so a broken check does not repeat on every render.
 * During sign-out nothing is asked (auth.isSigningOut()).
 */
export function loadPermissions(): Promise<ReadonlySet<PermissionName>> {
  if (inFlight) return inFlight;
  // A check started during sign-out (a screen re-rendered after the user was removed) asks
  // nothing and caches nothing: it would find no token and must not send the user to sign-in.
  if (signingOut()) return Promise.resolve(NONE);
  const mine = generation;
  const request: PermissionCheckRequest = { permissions: KNOWN_PERMISSIONS.map((permission) => ({ permission })) };
  usePermissionsStore.setState({ status: 'loading' });
  inFlight = (async () => {
    let granted: Set<PermissionName>;
    let status: PermissionsStatus;
    try {
      const answer = await apiClients().iam.post('check_user', request, permissionCheckResponseSchema);
      const known = new Set<string>(KNOWN_PERMISSIONS);
      granted = new Set(answer.permissions.map((p) => p.permission).filter((p): p is PermissionName => known.has(p)));
      status = 'loaded';
    } catch (error) {
      granted = new Set();
      if (error instanceof NotAuthenticatedError && signingOut()) {
        // Signed out while the check ran: not a failure, and not cached for the next user.
        if (mine === generation) {
          inFlight = null;
          usePermissionsStore.setState({ status: 'idle', granted });
        }
        return granted;
      }
      console.warn('Failed to check user privileges', error);
      status = 'failed';
      if (error instanceof NotAuthenticatedError) askAgainWhenTheSessionWorks();
    }
    // A user switch while the request ran: drop its answer.
    if (mine === generation) usePermissionsStore.setState({ status, granted });
    return granted;
  })();
  return inFlight;
}

let waitingForSession: (() => void) | null = null;

/**
 * A check that found no token (the session expired while the identity provider was unreachable)
 * is cached as failed like any other, but only until the session works again: the next renewed or
 * signed-in user asks once more, so an administrator does not lose the administration screens to
 * a provider outage.
 */
function askAgainWhenTheSessionWorks(): void {
  const auth: Partial<Auth> | null = hasAuth() ? getAuth() : null;
  if (!auth?.on || waitingForSession) return;
  const off = auth.on('user-loaded', (user) => {
    if (isSessionInvalid(user)) return;
    off();
    waitingForSession = null;
    resetPermissions();
  });
  waitingForSession = off;
}

/** Whether the user holds the permission; asks the server at most once per session. */
export async function hasPermission(name: PermissionName): Promise<boolean> {
  return (await loadPermissions()).has(name);
}

/** Forgets the cached answer (on sign-in of another user and on sign-out). */
export function resetPermissions(): void {
  waitingForSession?.();
  waitingForSession = null;
  generation += 1;
  inFlight = null;
  usePermissionsStore.setState({ status: 'idle', granted: new Set() });
}
