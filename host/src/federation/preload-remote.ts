import type { RemoteRegistryEntry } from '@assistant/contracts';
import { mountedRoutes, type RemoteModule } from '@assistant/platform';
import { matchRoutes, type RouteObject } from '@assistant/routing';
import { loadRemoteModule } from './use-remote-module';

/** The registry entry whose route base holds the path (the longest one wins), if any. */
export function remoteForPath(entries: readonly RemoteRegistryEntry[], pathname: string): RemoteRegistryEntry | undefined {
  let found: RemoteRegistryEntry | undefined;
  for (const entry of entries) {
    const base = entry.routeBase.replace(/\/+$/, '');
    const inside = pathname === base || pathname.startsWith(`${base}/`);
    if (inside && (!found || base.length > found.routeBase.replace(/\/+$/, '').length)) found = entry;
  }
  return found;
}

const REACT_LAZY = Symbol.for('react.lazy');

interface LazyComponent {
  $$typeof: symbol;
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

/**
 * Starts the download of a `React.lazy` component now instead of when it first renders: React's
 * own initializer is called once (it calls the import and remembers the promise, so the render
 * later finds it loading or loaded). Anything that is not a lazy component is left alone; a
 * failing import fails again where it renders, inside the remote's error boundary.
 */
export function warmLazyComponent(component: unknown): void {
  const lazy = component as Partial<LazyComponent> | null;
  if (!lazy || typeof lazy !== 'object' || lazy.$$typeof !== REACT_LAZY || typeof lazy._init !== 'function') return;
  try {
    lazy._init(lazy._payload);
  } catch (thrown) {
    // Pending: React throws the import's promise. Keep its rejection from being "unhandled".
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') (thrown as Promise<unknown>).then(undefined, () => undefined);
  }
}

function warmRoutes(routes: RouteObject[], path: string): void {
  for (const match of matchRoutes(routes, path) ?? []) {
    const route = match.route as RouteObject & { Component?: unknown };
    warmLazyComponent(route.Component);
    if (route.element && typeof route.element === 'object' && 'type' in route.element) warmLazyComponent(route.element.type);
  }
}

/**
 * Loads the remote that serves `pathname` and the lazy pages its routes give for that path, so
 * that its manifest, entry, module and page chunk come in beside the rest of the start-up (or,
 * from a navigation entry's hover or focus, before the click). Never rejects: a failed load is
 * cached by loadRemoteModule and shown by the route's boundary when it renders.
 */
export async function preloadRemoteForPath(
  entries: readonly RemoteRegistryEntry[],
  pathname: string,
  load: (name: string) => Promise<RemoteModule> = loadRemoteModule,
): Promise<void> {
  const entry = remoteForPath(entries, pathname);
  if (!entry) return;
  try {
    const module = await load(entry.name);
    const rest = pathname.slice(entry.routeBase.replace(/\/+$/, '').length) || '/';
    warmRoutes(mountedRoutes(module, entry.mount), rest.startsWith('/') ? rest : `/${rest}`);
  } catch {
    // The route shows the failure (a failed load, a mount the module lacks) when it is opened.
  }
}
