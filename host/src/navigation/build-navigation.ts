import type { FeatureFlags, RegistryCapability, RemoteRegistryEntry } from '@assistant/contracts';
import type { FeatureName } from '@assistant/platform';

export interface NavigationItem {
  id: string;
  to: string;
  /** Key in the shell's own i18n namespace. */
  labelKey: string;
  icon: string;
  order: number;
}

export interface NavigationInput {
  flags: FeatureFlags;
  /**
   * Feature-set gating (platform): is this feature in the current set? A registry entry's
   * `feature` is one of the gating table's names (the registry schema refuses any other), so the
   * type checker holds the registry's list to the platform's.
   */
  isFeatureAvailable: (feature: FeatureName) => boolean;
  /**
   * What the server says it can do now (registry `requires`; capabilities/use-capabilities.ts),
   * false while unknown or failed. Absent: `requires` is not checked, which only the start-up
   * does (bootstrap.tsx): such an entry's route is in the table and checks it itself
   * (RequiresCapability), and the layout's live navigation checks it.
   */
  isCapabilityAvailable?: (capability: RegistryCapability) => boolean;
  remotes: readonly RemoteRegistryEntry[];
}

/**
 * Whether a registry entry's area is on: its flag (if any) is set, its feature (if any) is in the
 * set and, when capabilities are given, the capability it requires (if any) is available.
 */
export function isRemoteEnabled(entry: RemoteRegistryEntry, input: Omit<NavigationInput, 'remotes'>): boolean {
  if (entry.featureFlag && input.flags[entry.featureFlag] !== true) return false;
  if (entry.feature && !input.isFeatureAvailable(entry.feature)) return false;
  if (entry.requires && input.isCapabilityAvailable && !input.isCapabilityAvailable(entry.requires)) return false;
  return true;
}

/**
 * The shell's navigation (SPEC section 2): the apps entry when the home page is on, then one entry
 * per registered remote that has a navigation entry and whose flag and feature are on (and the
 * capability it requires is available, when capabilities are given). Extra entries (summarize,
 * generate, transcribe, custom apps) are remotes like any other: they appear when their route
 * exists, i.e. the registry names them, their flag is on and, for transcribe (`requires:
 * 'transcription'`), the server has a transcription model.
 */
export function buildNavigation({ flags, isFeatureAvailable, isCapabilityAvailable, remotes }: NavigationInput): NavigationItem[] {
  const items: NavigationItem[] = [];
  if (flags.enableHomepage) items.push({ id: 'apps', to: '/', labelKey: 'NAVIGATION.apps', icon: 'apps', order: 0 });
  const named = new Set<string>();
  for (const entry of remotes) {
    // A remote mounted at several route bases has one entry per base: the later ones' ids carry the
    // base. Counted over all of `remotes`, so an id does not change when another mount of the same
    // remote is off (liveNavigation compares ids).
    const id = named.has(entry.name) ? `${entry.name}${entry.routeBase}` : entry.name;
    named.add(entry.name);
    if (!entry.navigation || !isRemoteEnabled(entry, { flags, isFeatureAvailable, isCapabilityAvailable })) continue;
    items.push({ id, to: entry.routeBase, ...entry.navigation });
  }
  return items.sort((a, b) => a.order - b.order);
}

/**
 * The navigation as the gating store stands now: the start-up navigation (whose routes exist)
 * without the areas an administrator has since switched off, and without the entries whose
 * required capability the server has not (yet) said is available. An area switched on later
 * needs a reload, since its route does not exist yet.
 */
export function liveNavigation(startNavigation: readonly NavigationItem[], input: NavigationInput): NavigationItem[] {
  const current = new Set(buildNavigation(input).map((item) => item.id));
  return startNavigation.filter((item) => current.has(item.id));
}
