import { z } from 'zod';
import { customizationSchema } from './config';
import { featureFlagsSchema, featureFlagsUpdateSchema } from './feature-flags';
import { featureSetValueSchema } from './feature-set';

/** GET /api/admin/settings: what an administrator can change, as stored. */
export const adminSettingsSchema = z.object({
  feature_flags: featureFlagsSchema,
  feature_set: featureSetValueSchema,
  customization: customizationSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** PATCH /api/admin/settings: any subset; flags merge into the stored ones, the rest replaces. */
export const adminSettingsPatchSchema = z
  .strictObject({
    feature_flags: featureFlagsUpdateSchema.optional(),
    feature_set: featureSetValueSchema.optional(),
    customization: customizationSchema.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Name at least one of feature_flags, feature_set, customization');
export type AdminSettingsPatch = z.infer<typeof adminSettingsPatchSchema>;
