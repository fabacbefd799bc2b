import { create } from 'zustand';
import {
  FEATURE_SET_LEGACY,
  featureFlagsSchema,
  featureSetResponseSchema,
  type FeatureFlagName,
  type FeatureFlags,
} from '@assistant/contracts/startup';
import { apiClients } from '../http/api-clients';
import { isFeatureAvailable, type FeatureName } from './feature-sets';

export type GatingStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface GatingState {
  flags: FeatureFlags;
  featureSet: string;
  status: GatingStatus;
  /**
   * The first step of the start-up (SPEC section 4): flags first, then the feature set. A failed
   * call leaves everything off (no flags, legacy feature set '1') and status 'failed'.
   */
  load(): Promise<void>;
}

export const useGatingStore = create<GatingState>()((set) => ({
  flags: {},
  featureSet: FEATURE_SET_LEGACY,
  status: 'idle',
  async load() {
    set({ status: 'loading' });
    let failed = false;
    let flags: FeatureFlags = {};
    let featureSet: string = FEATURE_SET_LEGACY;
    try {
      flags = await apiClients().api.get('feature-flags', featureFlagsSchema);
    } catch (error) {
      failed = true;
      console.warn('Failed to load the feature flags; all flags are off', error);
    }
    try {
      featureSet = (await apiClients().api.get('feature-set', featureSetResponseSchema)).feature_set;
    } catch (error) {
      failed = true;
      console.warn('Failed to load the feature set; using the legacy set', error);
    }
    set({ flags, featureSet, status: failed ? 'failed' : 'loaded' });
  },
}));

/** Whether a flag is on (absent flags are off). */
export function isFlagOn(name: FeatureFlagName): boolean {
  return useGatingStore.getState().flags[name] === true;
}

/** Whether a feature is on for the loaded feature set. */
export function isFeatureOn(name: FeatureName): boolean {
  return isFeatureAvailable(useGatingStore.getState().featureSet, name);
}
