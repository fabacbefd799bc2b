import type { RemoteRegistryEntry } from '@assistant/contracts';
import { preloadRemoteForPath, remoteForPath } from '../federation/preload-remote';

/** The routed remotes of this page load (set once by the start-up). */
let routed: readonly RemoteRegistryEntry[] = [];
const started = new Set<string>();

export function setPreloadableRemotes(entries: readonly RemoteRegistryEntry[]): void {
  routed = entries;
  started.clear();
}

/**
 * A navigation entry was hovered or focused: load the remote behind it (manifest, entry, module
 * and the page for that path) so that the click finds it there. Once per path; shell pages and
 * unknown paths do nothing.
 */
export function preloadOnIntent(href: string, preload = preloadRemoteForPath): void {
  if (started.has(href)) return;
  started.add(href);
  void preload(routed, href);
}

/** Props for a link: hovering, focusing or pressing it preloads its target. */
export function preloadHandlers(href: string) {
  const onIntent = () => preloadOnIntent(href);
  return { onMouseEnter: onIntent, onFocus: onIntent, onPointerDown: onIntent };
}

const whenIdle = (): Promise<void> =>
  new Promise((resolve) => {
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => void }).requestIdleCallback;
    if (idle) idle(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });

/** Time without a finished download after which the page's own loads count as done. */
const QUIET_MS = 1000;

/**
 * Resolves once no resource of the page has finished downloading for `QUIET_MS`: the page's own
 * data and chunks (which start after the load event, as the route's queries do) are in. Browsers
 * without resource timing resolve at once.
 */
const whenNetworkQuiet = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('resource')) {
      resolve();
      return;
    }
    let timer = setTimeout(done, QUIET_MS);
    const observer = new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, QUIET_MS);
    });
    observer.observe({ type: 'resource' });
    function done() {
      observer.disconnect();
      resolve();
    }
  });

/**
 * After the first page is there (the window's load event, then the network quiet for a second, so
 * that the page's own data and chunks do not share a slow line with them), loads the modules of
 * the remotes behind the navigation entries, one after another and each in an idle moment:
 * manifest, entry and module, not their pages. A first switch to another area then needs only
 * its page chunk (and the page's own data), not four requests one after another. Skips the remote
 * of the current page (already loaded) and paths that are not remotes.
 */
export async function preloadNavigationWhenIdle(
  hrefs: readonly string[],
  loadModule: (name: string) => Promise<unknown>,
  options: { waitForLoad?: boolean } = {},
): Promise<void> {
  if (options.waitForLoad !== false && document.readyState !== 'complete') {
    await new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  }
  if (options.waitForLoad !== false) await whenNetworkQuiet();
  const names = new Set<string>();
  for (const href of hrefs) {
    const entry = remoteForPath(routed, href);
    if (entry) names.add(entry.name);
  }
  const current = remoteForPath(routed, window.location.pathname);
  if (current) names.delete(current.name);
  for (const name of names) {
    await whenIdle();
    await loadModule(name).catch(() => undefined);
  }
}
