import type { RemoteRegistryEntry } from '@assistant/contracts';
import { mountedRoutes, type RemoteModule } from '@assistant/platform';
import type { i18n as I18n } from 'i18next';
import { useContext, type ReactNode } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import { useRoutes, type RouteObject } from '@assistant/routing';
import { addRemoteNamespace } from './i18n';
import { RemoteBoundary } from './remote-boundary';
import { RequiresCapability } from './requires-capability';
import { forgetRemoteModule, useRemoteModule } from './use-remote-module';

export interface RemoteRoutesProps {
  /**
   * The registry entry: `name` says which remote to load, `mount` which of its route tables to
   * render (docs/federation.md); the caller mounts this under `routeBase`.
   */
  entry: Pick<RemoteRegistryEntry, 'name' | 'mount'>;
  /** Shown for a path under the route base that the remote does not know. */
  notFound?: ReactNode;
}

/**
 * A remote's routes, to be mounted by the shell's router at `<routeBase>/*`: loads the remote's
 * `./module` on first render, adds its texts to the shell's i18next instance and renders its
 * (relative) routes, or the route table the entry's `mount` names. Loading and failure (also a
 * mount the module does not have) stay inside this route (RemoteBoundary).
 */
export function RemoteRoutes({ entry, notFound }: RemoteRoutesProps) {
  return (
    <RemoteBoundary name={entry.name} onRetry={() => forgetRemoteModule(entry.name)}>
      <RemoteRouteTree name={entry.name} mount={entry.mount} notFound={notFound} />
    </RemoteBoundary>
  );
}

/**
 * The route object for a registry entry, for the shell's route table (`useRoutes`):
 * `{ path: '/chat/*', element: <RemoteRoutes entry={entry} /> }`. An entry that `requires` a
 * capability routes to its remote only while the server says it is available (RequiresCapability);
 * otherwise its paths show `notFound`, as if the route did not exist.
 */
export function createRemoteRoute(entry: Pick<RemoteRegistryEntry, 'name' | 'mount' | 'routeBase' | 'requires'>, notFound?: ReactNode): RouteObject {
  const routes = <RemoteRoutes entry={entry} notFound={notFound} />;
  return {
    path: `${entry.routeBase}/*`,
    element: entry.requires ? (
      <RequiresCapability capability={entry.requires} notFound={notFound}>
        {routes}
      </RequiresCapability>
    ) : (
      routes
    ),
  };
}

const namespacesAdded = new WeakMap<I18n, WeakSet<RemoteModule>>();

/** Adds the remote's texts to the i18next instance of the React tree, once per module (its routes and its side panel both ask). */
export function useRemoteNamespace(remote: RemoteModule | null): void {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  if (!i18n || !remote) return;
  const added = namespacesAdded.get(i18n) ?? new WeakSet<RemoteModule>();
  namespacesAdded.set(i18n, added);
  if (!added.has(remote)) {
    addRemoteNamespace(i18n, remote);
    added.add(remote);
  }
}

function RemoteRouteTree({ name, mount, notFound }: { name: string; mount: string | undefined; notFound?: ReactNode }) {
  const remote = useRemoteModule(name);
  useRemoteNamespace(remote);
  return useRoutes(mountedRoutes(remote, mount, notFound));
}
