import type { FeatureFlagName } from '@assistant/contracts';
import { isFeatureAvailable, type FeatureName } from './feature-sets';
import { useGatingStore } from './gating-store';

/** Whether a feature of the gating table is on for the loaded feature set. */
export function useFeature(name: FeatureName): boolean {
  return useGatingStore((state) => isFeatureAvailable(state.featureSet, name));
}

/** Whether a feature flag is on. */
export function useFlag(name: FeatureFlagName): boolean {
  return useGatingStore((state) => state.flags[name] === true);
}
