import { z } from './zod-mini';

// zod/mini: the guided start asks for the state on every visit (docs/get-started.md).

/** How the guided start ended for the user; `pending` until it ended once. */
export const ONBOARDING_STATUSES = ['pending', 'completed', 'skipped'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/**
 * GET and PUT /api/me/onboarding: whether the signed-in user has been through the guided start
 * (finished it or skipped it), so that it shows once per user, not once per browser. `step` is
 * where a skipped start was left (1-based), null otherwise; `updated_at` when it ended.
 */
export const onboardingStateSchema = z.object({
  status: z.enum(ONBOARDING_STATUSES),
  step: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(20))),
  updated_at: z.nullable(z.string()),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

/** PUT /api/me/onboarding: the guided start ended (finished, or skipped at `step`). Unknown keys are refused. */
export const onboardingUpdateSchema = z.strictObject({
  status: z.enum(['completed', 'skipped']),
  step: z.optional(z.number().check(z.int('Must be a whole number'), z.gte(1, 'Must be at least 1'), z.lte(20, 'Must be at most 20'))),
});
export type OnboardingUpdate = z.infer<typeof onboardingUpdateSchema>;
