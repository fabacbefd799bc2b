import { KNOWN_PERMISSIONS, startupResponseSchema, type StartupResponse } from '@assistant/contracts/startup';
import {
  apiClients,
  loadPermissions,
  useConfigStore,
  useGatingStore,
  usePermissionsStore,
  type PermissionName,
} from '@assistant/platform';

/**
 * The server's part of the start-up in one round trip: `GET /api/startup` answers
 * flags, feature set, config and the user's permissions together. They are APPLIED in the order
 * of SPEC section 4, flags, then the feature set (then config and permissions), so anything that
 * watches the gating store sees the same sequence as before; only the waiting is gone.
 *
 * When the call fails (an older server without the route, a network error) the single calls are
 * made as before, in parallel: the gating store's own load (flags, then feature set, each failure
 * leaves its part off), the config store's (defaults with hasError and the error notice) and the
 * permission check (none on failure).
 */
export async function loadStartup(
  fetchStartup: () => Promise<StartupResponse> = () => apiClients().api.get('startup', startupResponseSchema),
): Promise<ReadonlySet<PermissionName>> {
  let answer: StartupResponse;
  try {
    answer = await fetchStartup();
  } catch (error) {
    console.warn('GET /api/startup failed; loading flags, feature set, config and permissions one by one', error);
    const [, , permissions] = await Promise.all([useGatingStore.getState().load(), useConfigStore.getState().load(), loadPermissions()]);
    return permissions;
  }
  applyStartup(answer);
  return usePermissionsStore.getState().granted;
}

/** Puts a start-up answer into the platform's stores: flags, then the feature set, then the rest. */
export function applyStartup(answer: StartupResponse): void {
  useGatingStore.setState({ flags: answer.flags, status: 'loading' });
  useGatingStore.setState({ featureSet: answer.feature_set, status: 'loaded' });
  useConfigStore.setState({ config: answer.config, status: 'loaded' });
  const known = new Set<string>(KNOWN_PERMISSIONS);
  const granted = new Set(answer.permissions.filter((permission): permission is PermissionName => known.has(permission)));
  usePermissionsStore.setState({ status: 'loaded', granted });
}
