import type { RemoteModule } from '@assistant/platform';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { use } from 'react';
import { describeError, isRemoteLoadFailure, RemoteLoadError } from './remote-load-failure';

/** One load per remote; a failed load stays failed until `forgetRemoteModule` (the retry button). */
const modules = new Map<string, Promise<RemoteModule>>();

/**
 * Loads a remote's `./module` through the federation runtime and checks that it describes a
 * remote (DESIGN.md section 3). Rejects with a `RemoteLoadError` when the runtime answered with the
 * error plugin's fallback, threw, or the module has the wrong shape.
 */
export function loadRemoteModule(name: string): Promise<RemoteModule> {
  let pending = modules.get(name);
  if (!pending) {
    pending = importRemoteModule(name);
    modules.set(name, pending);
  }
  return pending;
}

/** Drops a remote's cached load so that the next render loads it again (retry). */
export function forgetRemoteModule(name: string): void {
  modules.delete(name);
}

/** Suspends until the remote's module is there; throws its load error to the nearest boundary. */
export function useRemoteModule(name: string): RemoteModule {
  return use(loadRemoteModule(name));
}

async function importRemoteModule(name: string): Promise<RemoteModule> {
  let exports: unknown;
  try {
    exports = await loadRemote(`${name}/module`);
  } catch (error) {
    // Reaches here only when the error plugin is not registered or its fallback failed.
    console.error(`[federation] remote "${name}" failed to load`, error);
    throw new RemoteLoadError(name, describeError(error), { cause: error });
  }
  const candidate = exports !== null && typeof exports === 'object' && 'default' in exports ? exports.default : exports;
  if (isRemoteLoadFailure(candidate)) {
    throw new RemoteLoadError(name, describeError(candidate.error), { cause: candidate.error });
  }
  const problem = remoteModuleProblem(candidate);
  if (problem) {
    const error = new RemoteLoadError(name, `its ./module is not a remote module (${problem})`);
    console.error(`[federation] ${error.message}`);
    throw error;
  }
  return candidate as RemoteModule;
}

/** What is wrong with a value that should be a `RemoteModule`, or undefined when nothing is. */
export function remoteModuleProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return 'no default export';
  const module = value as Partial<RemoteModule>;
  if (typeof module.id !== 'string' || module.id === '') return 'id is missing';
  if (!Array.isArray(module.routes)) return 'routes is not a list';
  if (module.mounts !== undefined) {
    if (module.mounts === null || typeof module.mounts !== 'object') return 'mounts is not an object';
    const bad = Object.keys(module.mounts).find((mount) => !Array.isArray(module.mounts![mount]));
    if (bad !== undefined) return `mounts.${bad} is not a list`;
  }
  if (!Array.isArray(module.navigation)) return 'navigation is not a list';
  // A component: a function, or the object React.lazy and memo make.
  const panel: unknown = module.sidePanel;
  if (panel !== undefined && typeof panel !== 'function' && (panel === null || typeof panel !== 'object')) return 'sidePanel is not a component';
  const i18n = module.i18n;
  if (!i18n || typeof i18n.namespace !== 'string' || i18n.namespace === '') return 'i18n.namespace is missing';
  for (const language of ['de', 'en'] as const) {
    const texts: unknown = i18n.resources?.[language];
    if (texts === null || typeof texts !== 'object') return `i18n.resources.${language} is missing`;
  }
  return undefined;
}
