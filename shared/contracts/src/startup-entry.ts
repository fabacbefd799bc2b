// `@assistant/contracts/startup`: the part of the contracts that the shell, the platform
// and the ui load before the first paint, written with zod/mini (or without zod), so that the
// start-up bundle does not carry the whole of zod and every schema. It is not a shared module:
// each build keeps only what it uses. Everything here is also exported by `@assistant/contracts`,
// which the pages load with themselves; the definitions live once, in the files named below.
export { APP_NAME, APP_VERSION } from './app-info';
export { apiErrorSchema, apiErrorCodeOf, isServerFault, REQUEST_ID_HEADER, type ApiError, type ApiErrorCode } from './api-error';
export {
  configSchema,
  defaultConfig,
  isCssColor,
  type Config,
  type Customization,
  type Locale,
  type LocalizedText,
} from './config';
export { featureFlagsSchema, FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from './feature-flags';
export { FEATURE_SET_BETA, FEATURE_SET_LEGACY, FEATURE_SETS_ORDERED, featureSetResponseSchema, featureSetValueSchema } from './feature-set';
export { formalitySchema, type Formality } from './formality';
export { STREAM_CONTENT_TYPE } from './media-types';
export {
  KNOWN_PERMISSIONS,
  PERMISSION_ADMINISTRATE,
  PERMISSION_DEVELOPER,
  PERMISSION_NUMINOUS,
  permissionCheckResponseSchema,
  type PermissionCheckRequest,
} from './permissions';
export { portalRuntimeConfigSchema, type PortalRuntimeConfig } from './portal-runtime-config';
export { remoteRegistryEntrySchema, remoteRegistrySchema, type RemoteRegistryEntry } from './remote-registry';
export { pageRangesOf, SOURCE_SEGMENT_JOINER } from './source-segments';
export { startupResponseSchema, type StartupResponse } from './startup';
export { BYTES_PER_MEGABYTE, UPLOAD_EXTENSIONS, isAcceptedUpload, isOverUploadLimit } from './upload-rules';
