import { z } from './zod-mini';
import { configSchema } from './config';
import { featureFlagsSchema } from './feature-flags';
import { featureSetValueSchema } from './feature-set';

/**
 * GET /api/startup: everything the shell needs from the server before its first paint,
 * in one answer scoped to the signed-in user, so that start-up is one round trip instead of
 * flags, then feature set, then config and permissions. The values are the same as the single
 * calls give (`/feature-flags`, `/feature-set`, `/config`, `/iam/check_user` for the known
 * permissions); the shell still APPLIES them in the spec's order (flags, then feature set,
 * SPEC section 4). `permissions` lists the known permissions the user holds.
 */
export const startupResponseSchema = z.object({
  flags: featureFlagsSchema,
  feature_set: featureSetValueSchema,
  config: configSchema,
  permissions: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(50)),
});
export type StartupResponse = z.infer<typeof startupResponseSchema>;
