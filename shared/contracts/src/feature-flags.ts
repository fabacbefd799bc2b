import { z } from 'zod';

/** Every flag of SPEC section 3; all optional, an absent flag counts as off. */
export const FEATURE_FLAG_NAMES = [
  'enableHomepage',
  'enableChat',
  'enableNls',
  'enableDeepResearch',
  'enableTranslate',
  'enableExtensibleSummarize',
  'enableExtensibleGenerate',
  'enableLocalChatHistory',
  'enableCollections',
  'enableCustomization',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];

const flagShape = Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean().optional()])) as {
  [K in FeatureFlagName]: z.ZodOptional<z.ZodBoolean>;
};

/** GET /api/feature-flags. Unknown keys from a newer server are dropped, not an error. */
export const featureFlagsSchema = z.object(flagShape);
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** What an administrator may write: unknown flag names are refused so that typos surface. */
export const featureFlagsUpdateSchema = z.strictObject(flagShape);
