import type { BuiltInAppId, CustomApp, FeatureFlagName, FeatureFlags, RegistryCapability, RemoteRegistryEntry } from '@assistant/contracts';
import type { FeatureName } from '@assistant/platform';
import { isIconName } from '@assistant/ui';
import { isRemoteEnabled } from '../../navigation/build-navigation';

/** The registry name of the remote that mounts the use cases and the custom apps (`/usecases/{id}`). */
export const USE_CASES_REMOTE = 'usecases';
/** The route table of that remote that runs a custom app at `<routeBase>/<id>` (a registry entry's `mount`). */
export const CUSTOM_APPS_MOUNT = 'custom-apps';

/**
 * Where a built-in app's route comes from:
 * - `remote`: a registry entry whose route base is exactly the app's path (`/chat`, `/usecases/qa`,
 *   `/usecases/summarize`: the use-case remote is mounted once per use case, each entry with its
 *   own flag);
 * - `host-page`: a page of the shell itself, routed when its feature is in the feature set.
 */
type RouteSource = { kind: 'remote' } | { kind: 'host-page'; feature: FeatureName };

interface BuiltInApp {
  id: BuiltInAppId;
  path: string;
  icon: string;
  source: RouteSource;
  /** A flag the app needs besides its route (summarize and generate: SPEC section 2). */
  flag?: FeatureFlagName;
  /**
   * A condition the customization decides (create_your_own_enabled). What the server decides (a
   * transcription model for transcribe) is the registry entry's `requires`: the route exists only then.
   */
  needs?: 'createYourOwn';
}

/** Every built-in app in the fixed order of the page (after default_applications and favourites). */
export const BUILT_IN_APPS: readonly BuiltInApp[] = [
  { id: 'chat', path: '/chat', icon: 'chat', source: { kind: 'remote' } },
  { id: 'qa', path: '/usecases/qa', icon: 'qa', source: { kind: 'remote' } },
  { id: 'translate', path: '/translate', icon: 'translate', source: { kind: 'remote' } },
  { id: 'easy-language', path: '/easy-language', icon: 'easy-language', source: { kind: 'host-page', feature: 'easyLanguage' } },
  { id: 'summarize', path: '/usecases/summarize', icon: 'summarize', source: { kind: 'remote' }, flag: 'enableExtensibleSummarize' },
  { id: 'generate', path: '/usecases/generate', icon: 'generate', source: { kind: 'remote' }, flag: 'enableExtensibleGenerate' },
  { id: 'transcribe', path: '/usecases/transcribe', icon: 'transcribe', source: { kind: 'remote' } },
  { id: 'agents', path: '/agents', icon: 'agents', source: { kind: 'remote' } },
  { id: 'collections', path: '/collections', icon: 'collections', source: { kind: 'remote' } },
  { id: 'create-your-own', path: '/create-your-own', icon: 'plus', source: { kind: 'remote' }, needs: 'createYourOwn' },
];

export interface CatalogueInput {
  /** The registry entries routed at start-up (useShell().remotes: flag and feature were on then). */
  remotes: readonly RemoteRegistryEntry[];
  /** The flags and feature set as they are now (an area switched off since start-up leaves at once). */
  flags: FeatureFlags;
  isFeatureAvailable: (feature: FeatureName) => boolean;
  /** The customization's create_your_own_enabled. */
  createYourOwnEnabled: boolean;
  /**
   * What the server says it can do (registry `requires`, capabilities/use-capabilities.ts): false
   * while unknown or failed, so the transcribe tile waits for GET /api/transcriptions/config.
   */
  isCapabilityAvailable: (capability: RegistryCapability) => boolean;
  /** GET /api/custom-apps (the user's personal apps and the company's). */
  customApps: readonly CustomApp[];
}

export type AppTile =
  | { kind: 'built-in'; id: BuiltInAppId; to: string; icon: string }
  | { kind: 'custom'; id: string; to: string; icon: string; app: CustomApp };

type GatingInput = Pick<CatalogueInput, 'remotes' | 'flags' | 'isFeatureAvailable' | 'isCapabilityAvailable'>;

/** The registry entries whose routes exist now: routed at start, still switched on, their required capability available. */
function liveRemotes(input: GatingInput): RegistryLookup {
  const live = input.remotes.filter((entry) =>
    isRemoteEnabled(entry, { flags: input.flags, isFeatureAvailable: input.isFeatureAvailable, isCapabilityAvailable: input.isCapabilityAvailable }),
  );
  // The use-case remote's entry that mounts its custom-apps table opens custom apps at
  // <routeBase>/<id>; /usecases itself (SPEC: /usecases/{useCaseId}) wins over any other.
  const customAppMounts = live.filter((entry) => entry.name === USE_CASES_REMOTE && entry.mount === CUSTOM_APPS_MOUNT);
  return {
    exact: (path) => live.some((entry) => entry.routeBase === path),
    customApps: customAppMounts.find((entry) => entry.routeBase === '/usecases') ?? customAppMounts[0],
  };
}

interface RegistryLookup {
  exact(path: string): boolean;
  /** Where custom apps open, if the registry mounts the use-case remote for them. */
  customApps: RemoteRegistryEntry | undefined;
}

/** Whether the route of a built-in app exists for this user now. */
function routeExists(app: BuiltInApp, registry: RegistryLookup, input: CatalogueInput): boolean {
  switch (app.source.kind) {
    case 'host-page':
      return input.isFeatureAvailable(app.source.feature);
    case 'remote':
      return registry.exact(app.path);
  }
}

/** The registry entry that opens custom apps, if any (else no custom app gets a tile, and none is asked for). */
export function customAppsMount(input: GatingInput): RemoteRegistryEntry | undefined {
  return liveRemotes(input).customApps;
}

/**
 * The tiles this user may open, in the fixed order (built-in apps, then custom apps as the API
 * lists them): a tile only where its route exists, so none leads to an empty screen or a 404.
 */
export function availableApps(input: CatalogueInput): AppTile[] {
  const registry = liveRemotes(input);
  const tiles: AppTile[] = [];
  for (const app of BUILT_IN_APPS) {
    if (!routeExists(app, registry, input)) continue;
    if (app.flag && input.flags[app.flag] !== true) continue;
    if (app.needs === 'createYourOwn' && !input.createYourOwnEnabled) continue;
    tiles.push({ kind: 'built-in', id: app.id, to: app.path, icon: app.icon });
  }
  if (registry.customApps) {
    const base = registry.customApps.routeBase;
    for (const app of input.customApps) {
      tiles.push({ kind: 'custom', id: app.id, to: `${base}/${encodeURIComponent(app.id)}`, icon: isIconName(app.icon) ? app.icon : 'generate', app });
    }
  }
  return tiles;
}

/**
 * The page's order: favourites first (in the user's order), then the customization's
 * default_applications (in its order), then the rest in the fixed order. Ids compare ignoring case
 * (a custom app's uuid).
 */
export function orderApps<T extends { id: string }>(tiles: readonly T[], defaultApplications: readonly string[], favourites: readonly string[]): T[] {
  const rank = (list: readonly string[]) => {
    const positions = new Map<string, number>();
    list.forEach((id, index) => {
      const key = id.toLowerCase();
      if (!positions.has(key)) positions.set(key, index);
    });
    return (id: string) => positions.get(id.toLowerCase()) ?? Number.POSITIVE_INFINITY;
  };
  const favouriteRank = rank(favourites);
  const defaultRank = rank(defaultApplications);
  return tiles
    .map((tile, index) => ({ tile, index }))
    .sort(
      (a, b) =>
        favouriteRank(a.tile.id) - favouriteRank(b.tile.id) ||
        defaultRank(a.tile.id) - defaultRank(b.tile.id) ||
        a.index - b.index,
    )
    .map(({ tile }) => tile);
}

/** Lower case without accents, so "ubersetzen" finds "Übersetzen". */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('de');
}

/** Whether every word of the query occurs in one of the texts (name and description, German and English). */
export function matchesSearch(texts: readonly string[], query: string): boolean {
  const words = normalizeSearchText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.map(normalizeSearchText).join('\n');
  return words.every((word) => haystack.includes(word));
}
