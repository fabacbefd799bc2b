import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from '@assistant/routing';

/** A navigation entry a remote adds inside its own area (the shell's top-level entry comes from the registry). */
export interface RemoteNavigationEntry {
  /** Path relative to the remote's route base ('' for its index). */
  path: string;
  /** i18n key in the remote's own namespace. */
  labelKey: string;
}

/** What the shell hands a remote's side panel. */
export interface RemoteSidePanelProps {
  /** Where the registry mounts the remote (`/chat`): the panel's links start there. */
  routeBase: string;
}

/**
 * The default export of every remote's `./module` (DESIGN.md section 3): the remote's whole
 * surface. Routes are relative to the route base the registry gives it, and lazy, so loading the
 * module costs little until a page is opened.
 */
export interface RemoteModule {
  id: string;
  /** The routes of a registry entry that names no `mount`. */
  routes: RouteObject[];
  /**
   * A remote the registry mounts at several route bases, one app at each: its route tables by
   * name. A registry entry's `mount` picks one, so the remote never reads its route base to know
   * which app it is.
   */
  mounts?: Record<string, RouteObject[]>;
  navigation: RemoteNavigationEntry[];
  /**
   * What the shell's side panel shows under its navigation while one of this remote's routes is
   * open (the chat's conversations). Give a `lazy(...)` component: the shell renders it in a
   * Suspense, so its code comes with the remote's page and never with the shell.
   */
  sidePanel?: ComponentType<RemoteSidePanelProps>;
  i18n: {
    namespace: string;
    resources: { de: Record<string, unknown>; en: Record<string, unknown> };
  };
}

/** Identity helper that type-checks a remote's module object. */
export function defineRemoteModule(module: RemoteModule): RemoteModule {
  return module;
}

/**
 * The route table a registry entry mounts: the module's `mounts[mount]`, or its `routes` when the
 * entry names none; with `notFound`, that page for every other path below the route base (as the
 * host renders it). Throws when the entry and the module do not fit (a registry mistake the
 * remote's error boundary shows): an unknown mount, or none named for a remote that has only
 * mounts.
 */
export function mountedRoutes(remote: RemoteModule, mount: string | undefined, notFound?: ReactNode): RouteObject[] {
  const routes = tableOf(remote, mount);
  return notFound === undefined ? routes : [...routes, { path: '*', element: notFound }];
}

function tableOf(remote: RemoteModule, mount: string | undefined): RouteObject[] {
  const mounts = remote.mounts ?? {};
  if (mount !== undefined) {
    if (!Object.hasOwn(mounts, mount)) throw new Error(`remote "${remote.id}" has no mount "${mount}" (it has: ${names(mounts)})`);
    return mounts[mount]!;
  }
  if (remote.routes.length === 0 && Object.keys(mounts).length > 0) {
    throw new Error(`remote "${remote.id}" is mounted by name: its registry entry needs a mount (one of: ${names(mounts)})`);
  }
  return remote.routes;
}

const names = (mounts: Record<string, unknown>) => Object.keys(mounts).join(', ') || 'none';
