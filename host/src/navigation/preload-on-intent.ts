import type { RemoteRegistryEntry } from '@assistant/contracts';
import { preloadRemoteForPath } from '../federation/preload-remote';

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
