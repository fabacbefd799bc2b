// The contracts' public surface: one module per resource, each exported by name.
export { APP_NAME, APP_VERSION, versionResponseSchema, type VersionResponse } from './app-info';
export {
  FEATURE_FLAG_NAMES,
  featureFlagsSchema,
  featureFlagsUpdateSchema,
  type FeatureFlagName,
  type FeatureFlags,
} from './feature-flags';
export {
  FEATURE_SET_BETA,
  FEATURE_SET_LEGACY,
  FEATURE_SETS_ORDERED,
  featureSetValueSchema,
  featureSetResponseSchema,
  type FeatureSetResponse,
} from './feature-set';
export {
  PERMISSION_ADMINISTRATE,
  PERMISSION_NUMINOUS,
  KNOWN_PERMISSIONS,
  permissionCheckRequestSchema,
  permissionCheckResponseSchema,
  type PermissionCheckRequest,
  type PermissionCheckResponse,
} from './permissions';
export {
  CONFIG_DEFAULTS,
  DEFAULT_CUSTOMIZATION,
  DEFAULT_PRIVACY_POLICY_NOTICE,
  DEFAULT_SUPPORT_CONTACT,
  brandImageSchema,
  configSchema,
  customizationSchema,
  defaultConfig,
  fontsSchema,
  localeSchema,
  localizedTextSchema,
  privacyPolicyNoticeSchema,
  type BrandImage,
  type Config,
  type Customization,
  type Locale,
  type LocalizedText,
  type PrivacyPolicyNotice,
} from './config';
export { adminSettingsSchema, adminSettingsPatchSchema, type AdminSettings, type AdminSettingsPatch } from './admin-settings';
export { apiErrorSchema, healthResponseSchema, type ApiError, type HealthResponse } from './api-error';
