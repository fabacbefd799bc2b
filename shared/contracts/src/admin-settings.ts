import { z } from 'zod';
import { customizationSchema, customizationWriteSchema } from './config';
import { featureFlagsSchema, featureFlagsUpdateSchema, type FeatureFlags } from './feature-flags';
import { FEATURE_SET_BETA, featureSetValueSchema } from './feature-set';

export {
  BRAND_IMAGE_MAX_BYTES,
  brandImageUploadSchema,
  cssColorSchema,
  customizationWriteSchema,
  isCssColor,
} from './config';

/** GET /api/admin/settings: what an administrator can change, as stored. */
export const adminSettingsSchema = z.object({
  feature_flags: featureFlagsSchema,
  feature_set: featureSetValueSchema,
  customization: customizationSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * PATCH /api/admin/settings: any subset; flags merge into the stored ones, the rest replaces.
 * `confirm_lockout: true` says the administrator knows the change hides /customization from every
 * administrator (see `customizationReachable`); without it such a change is refused with 409.
 */
export const adminSettingsPatchSchema = z
  .strictObject({
    feature_flags: z.optional(featureFlagsUpdateSchema),
    feature_set: z.optional(featureSetValueSchema),
    customization: z.optional(customizationWriteSchema),
    confirm_lockout: z.literal(true).optional(),
  })
  .refine(
    (patch) => patch.feature_flags !== undefined || patch.feature_set !== undefined || patch.customization !== undefined,
    'Name at least one of feature_flags, feature_set, customization',
  );
export type AdminSettingsPatch = z.infer<typeof adminSettingsPatchSchema>;

/**
 * Whether administrators can still open /customization with these settings: the
 * `enableCustomization` flag is on and the feature set turns on `customizationView` (BETA only,
 * SPEC section 4). The shell's route table applies the same two conditions.
 */
export function customizationReachable(settings: { feature_flags: FeatureFlags; feature_set: string }): boolean {
  return settings.feature_flags.enableCustomization === true && settings.feature_set === FEATURE_SET_BETA;
}

/** The 409 message of a PATCH that would hide /customization without `confirm_lockout: true`. */
export const LOCKOUT_REFUSED_MESSAGE =
  'This change hides the customization page from every administrator; send confirm_lockout: true to make it anyway';
