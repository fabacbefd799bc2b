import { FEATURE_SET_BETA, FEATURE_SET_LEGACY, FEATURE_SETS_ORDERED } from '@assistant/contracts/startup';

/** A release code of the ordered list, or BETA for features that exist only in BETA. */
export type FeatureSetLevel = (typeof FEATURE_SETS_ORDERED)[number] | typeof FEATURE_SET_BETA;

/** SPEC section 4: the feature set each feature arrives with. */
export const FEATURE_TABLE = {
  localChatHistory: '250600',
  tokenStreaming: '250600',
  accessibility: '250600',
  accessibilityContact: '250700',
  collections: '251000',
  personalAgents: FEATURE_SET_BETA,
  signLanguage: FEATURE_SET_BETA,
  easyLanguage: FEATURE_SET_BETA,
  customizationView: FEATURE_SET_BETA,
  mcpTools: FEATURE_SET_BETA,
  naturalLanguageSearch: FEATURE_SET_BETA,
} as const satisfies Record<string, FeatureSetLevel>;

export type FeatureName = keyof typeof FEATURE_TABLE;
export const FEATURE_NAMES = Object.keys(FEATURE_TABLE) as FeatureName[];

const RELEASE_CODE = /^\d{6}$/;

/**
 * Whether a feature is on in a feature set: BETA turns everything on, '1' (legacy) everything off,
 * a release code turns on the features of that code and every earlier one (the codes compare as
 * numbers, 250600 < 250601 < 250700 < 251000, so an unlisted code such as 250800 falls in place).
 * BETA-only features are off for every release code. Anything else counts as legacy (off).
 */
export function isFeatureAvailable(featureSet: string | null | undefined, feature: FeatureName): boolean {
  if (featureSet === FEATURE_SET_BETA) return true;
  if (!featureSet || featureSet === FEATURE_SET_LEGACY || !RELEASE_CODE.test(featureSet)) return false;
  const required = FEATURE_TABLE[feature];
  if (required === FEATURE_SET_BETA) return false;
  return Number(featureSet) >= Number(required);
}
