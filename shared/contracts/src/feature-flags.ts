import { z } from './zod-mini';

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
  // Beyond SPEC section 3: the assistant remembers what a user asks it to (docs/memory.md).
  'enableMemory',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];

const flagShape = Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.optional(z.boolean())])) as {
  [K in FeatureFlagName]: z.ZodMiniOptional<z.ZodMiniBoolean>;
};

/** GET /api/feature-flags (zod/mini: on the shell's start-up path). Unknown keys from a newer server are dropped, not an error. */
export const featureFlagsSchema = z.object(flagShape);
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** What an administrator may write: unknown flag names are refused so that typos surface. */
export const featureFlagsUpdateSchema = z.strictObject(flagShape);
