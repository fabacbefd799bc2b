import { z } from './zod-mini';

/**
 * Feature sets (SPEC section 4): BETA (everything on), "1" (legacy, everything off) or a date-like
 * release code such as 250600. The gating table itself lives in the platform package.
 * zod/mini: on the shell's start-up path.
 */
export const FEATURE_SET_BETA = 'BETA';
export const FEATURE_SET_LEGACY = '1';
export const FEATURE_SETS_ORDERED = ['250600', '250601', '250700', '251000'] as const;

export const featureSetValueSchema = z
  .string()
  .check(z.regex(/^(BETA|1|\d{6})$/, 'Feature set must be BETA, 1 or a six-digit release code such as 250600'));

/** GET /api/feature-set */
export const featureSetResponseSchema = z.object({ feature_set: featureSetValueSchema });
export type FeatureSetResponse = z.infer<typeof featureSetResponseSchema>;
