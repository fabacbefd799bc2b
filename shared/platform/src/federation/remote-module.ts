import type { RouteObject } from '@assistant/routing';

/** A navigation entry a remote adds inside its own area (the shell's top-level entry comes from the registry). */
export interface RemoteNavigationEntry {
  /** Path relative to the remote's route base ('' for its index). */
  path: string;
  /** i18n key in the remote's own namespace. */
  labelKey: string;
}

/**
 * The default export of every remote's `./module` (DESIGN.md section 3): the remote's whole
 * surface. Routes are relative to the route base the registry gives it, and lazy, so loading the
 * module costs little until a page is opened.
 */
export interface RemoteModule {
  id: string;
  routes: RouteObject[];
  navigation: RemoteNavigationEntry[];
  i18n: {
    namespace: string;
    resources: { de: Record<string, unknown>; en: Record<string, unknown> };
  };
}

/** Identity helper that type-checks a remote's module object. */
export function defineRemoteModule(module: RemoteModule): RemoteModule {
  return module;
}
