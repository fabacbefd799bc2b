import { remoteRegistryEntrySchema, remoteRegistrySchema, type RemoteRegistryEntry } from '@assistant/contracts/startup';

/** Where the portal serves the registry (scripts/serve-portal.mjs, or a file deployed beside the host). */
export const REMOTE_REGISTRY_URL = '/remotes.json';

/**
 * Checks a registry document entry by entry (DESIGN.md section 3): a bad entry is logged and
 * skipped, the good ones are kept. A second entry with an already used name or route base is a bad
 * entry too (the first one wins), except that one remote may be mounted at several route bases:
 * entries with the same name and the same manifest URL (each with its own flag and navigation
 * entry, e.g. the use cases remote at /usecases/summarize and /usecases/generate). Never throws.
 */
export function parseRemoteRegistry(document: unknown, source = REMOTE_REGISTRY_URL): RemoteRegistryEntry[] {
  const file = remoteRegistrySchema.safeParse(document);
  if (!file.success) {
    console.error(`[federation] ${source} is not a remote registry (${describeIssues(file.error.issues)}); no remote is loaded`);
    return [];
  }
  const entries: RemoteRegistryEntry[] = [];
  file.data.remotes.forEach((raw, index) => {
    const parsed = remoteRegistryEntrySchema.safeParse(raw);
    const label = `${source} remotes[${index}]${nameOf(raw)}`;
    if (!parsed.success) {
      console.error(`[federation] skipping ${label}: ${describeIssues(parsed.error.issues)}`);
      return;
    }
    const entry = parsed.data;
    const clash = entries.find(
      (other) => (other.name === entry.name && other.manifestUrl !== entry.manifestUrl) || other.routeBase === entry.routeBase,
    );
    if (clash) {
      const what = clash.routeBase !== entry.routeBase ? `name "${entry.name}"` : `route base "${entry.routeBase}"`;
      console.error(`[federation] skipping ${label}: ${what} is already used by an earlier entry`);
      return;
    }
    entries.push(entry);
  });
  return entries;
}

/**
 * Reads the remote registry at run time (no host rebuild to move or upgrade a remote). An
 * unreachable or malformed file is logged and gives an empty list: the shell starts without remotes.
 */
export async function loadRemoteRegistry(
  options: { url?: string; fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<RemoteRegistryEntry[]> {
  const url = options.url ?? REMOTE_REGISTRY_URL;
  const doFetch = options.fetch ?? fetch;
  let document: unknown;
  try {
    const response = await doFetch(url, { cache: 'no-cache', headers: { accept: 'application/json' }, signal: options.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    document = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    console.error(`[federation] could not read the remote registry ${url}: ${error instanceof Error ? error.message : String(error)}; no remote is loaded`);
    return [];
  }
  return parseRemoteRegistry(document, url);
}

function nameOf(raw: unknown): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? ` ("${name}")` : '';
}

function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || '(entry)'}: ${issue.message}`).join('; ');
}
