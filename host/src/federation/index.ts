// What the shell needs from runtime federation (DESIGN.md section 3), by name.
import type { RemoteRegistryEntry } from '@assistant/contracts';
import { loadRemoteRegistry, parseRemoteRegistry } from './load-registry';
import { registerRemoteEntries } from './register-remotes';

export { loadRemoteRegistry, parseRemoteRegistry, REMOTE_REGISTRY_URL } from './load-registry';
export { registerRemoteEntries } from './register-remotes';
export { RemoteRoutes, createRemoteRoute, type RemoteRoutesProps } from './remote-routes';
export { RemoteBoundary, RemoteErrorView, type RemoteBoundaryProps } from './remote-boundary';
export { loadRemoteModule, forgetRemoteModule, useRemoteModule } from './use-remote-module';
export { RemoteLoadError } from './remote-load-failure';
export { preloadRemoteForPath, remoteForPath, warmLazyComponent } from './preload-remote';

/**
 * Start-up step of the shell: reads `/remotes.json` (or takes the registry document the portal
 * server inlined into the page, `inline`: no round trip), registers every valid entry with the
 * federation runtime and returns them (for the router and the navigation). Never throws: a bad
 * entry or an unreachable registry is logged and leaves that remote (or all) out.
 */
export async function startFederation(
  options?: Parameters<typeof loadRemoteRegistry>[0] & { inline?: unknown },
): Promise<RemoteRegistryEntry[]> {
  const entries = options?.inline !== undefined ? parseRemoteRegistry(options.inline, 'the inlined registry') : await loadRemoteRegistry(options);
  try {
    registerRemoteEntries(entries);
  } catch (error) {
    console.error('[federation] could not register the remotes', error);
    return [];
  }
  return entries;
}
