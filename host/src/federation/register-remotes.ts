import type { RemoteRegistryEntry } from '@assistant/contracts';
import { registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Hands the registry's remotes to the federation runtime: `entry` is the manifest URL, so the
 * runtime learns the remote's files and shared versions from `mf-manifest.json`. Nothing is fetched
 * here; a remote is loaded when its route is first opened. Site paths (`/chat/mf-manifest.json`)
 * are made absolute against the page, as the runtime derives the remote's public path from it.
 */
export function registerRemoteEntries(entries: readonly RemoteRegistryEntry[], base = document.baseURI): void {
  if (entries.length === 0) return;
  // A remote mounted at several route bases is registered once.
  const unique = entries.filter((entry, index) => entries.findIndex((other) => other.name === entry.name) === index);
  registerRemotes(unique.map((entry) => ({ name: entry.name, entry: new URL(entry.manifestUrl, base).href })));
}
