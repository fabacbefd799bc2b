import type { FeatureFlags, RemoteRegistryEntry } from '@assistant/contracts';
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
  remotes: readonly RemoteRegistryEntry[];
}

/** Whether a registry entry's area is on: its flag (if any) is set and its feature (if any) is in the set. */
export function isRemoteEnabled(entry: RemoteRegistryEntry, input: Omit<NavigationInput, 'remotes'>): boolean {
  if (entry.featureFlag && input.flags[entry.featureFlag] !== true) return false;
  if (entry.feature && !input.isFeatureAvailable(entry.feature)) return false;
  return true;
}

/**
 * The shell's navigation (SPEC section 2): the apps entry when the home page is on, then one entry
 * per registered remote that has a navigation entry and whose flag and feature are on. Extra
 * entries (summarize, generate, transcribe, custom apps) are remotes like any other: they appear
 * when their route exists, i.e. the registry names them, and their flag is on.
 */
export function buildNavigation({ flags, isFeatureAvailable, remotes }: NavigationInput): NavigationItem[] {
  const items: NavigationItem[] = [];
  if (flags.enableHomepage) items.push({ id: 'apps', to: '/', labelKey: 'NAVIGATION.apps', icon: 'apps', order: 0 });
  for (const entry of remotes) {
    if (!entry.navigation || !isRemoteEnabled(entry, { flags, isFeatureAvailable })) continue;
    // A remote mounted at several route bases has one entry per base: the later ones' ids carry the base.
    const id = items.some((item) => item.id === entry.name) ? `${entry.name}${entry.routeBase}` : entry.name;
    items.push({ id, to: entry.routeBase, ...entry.navigation });
  }
  return items.sort((a, b) => a.order - b.order);
}

/**
 * The navigation as the gating store stands now: the start-up navigation (whose routes exist)
 * without the areas an administrator has since switched off. An area switched on later needs a
 * reload, since its route does not exist yet.
 */
export function liveNavigation(startNavigation: readonly NavigationItem[], input: NavigationInput): NavigationItem[] {
  const current = new Set(buildNavigation(input).map((item) => item.id));
  return startNavigation.filter((item) => current.has(item.id));
}
