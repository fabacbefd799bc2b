// The platform's public surface, exported by name (no `export *`). See docs/platform.md.

// federation
export { defineRemoteModule, mountedRoutes, type RemoteModule, type RemoteNavigationEntry } from './federation/remote-module';
export { StandaloneRemote } from './federation/standalone-remote';

// start-up wiring
export { initPlatform, type InitPlatformOptions, type Platform } from './platform';

// auth
export {
  SESSION_CHECK_INTERVAL_SECONDS,
  SILENT_REQUEST_TIMEOUT_SECONDS,
  SignInLinkExpiredError,
  TOKEN_EXPIRING_NOTICE_SECONDS,
  completeSignIn,
  createAuth,
  getAccessToken,
  getAuth,
  getUser,
  hasAuth,
  setAuth,
  signIn,
  signOut,
  type Auth,
  type CreateAuthOptions,
} from './auth/auth';
export { AuthEvents, type AuthEventMap, type AuthEventName } from './auth/auth-events';
export { INVALID_SESSION_THRESHOLD, isSessionInvalid } from './auth/session';
export { renewLockName, type RenewLocks } from './auth/renew-lock';
export { RENEW_RETRY_DELAYS_SECONDS } from './auth/renew-retry';
export {
  REDIRECT_INFO_KEY,
  redirectInfoToPath,
  saveRedirectInfo,
  takeRedirectInfo,
  type RedirectInfo,
} from './auth/redirect-info';
export { silentRenewCallback } from './auth/silent-renew-callback';
export { useAuth, type AuthStatus, type UseAuthResult } from './auth/use-auth';

// http
export {
  ApiRequestError,
  NO_TOKEN_MESSAGE,
  NotAuthenticatedError,
  RequestAbortedError,
  ResponseValidationError,
} from './http/errors';
export {
  RETRY_DELAY_MS,
  apiErrorFromText,
  createHttpClient,
  describeIssues,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type RequestOptions,
  type RetryOn404,
} from './http/http-client';
export {
  AUTHORIZATION_TYPE_HEADERS,
  DEFAULT_TIMEOUT_MS,
  apiClients,
  createApiClients,
  setApiClients,
  type ApiClientDeps,
  type ApiClients,
} from './http/api-clients';
export { uploadWithProgress, type UploadProgress, type UploadWithProgressOptions } from './http/upload-with-progress';

// server state (TanStack Query: one QueryClient for the host and every remote; docs/platform.md)
export { queryClient, resetServerState } from './server-state/query-client';
export { ServerStateProvider } from './server-state/server-state-provider';
export {
  keepPreviousData,
  queryOptions,
  skipToken,
  experimental_streamedQuery as streamedQuery,
  useIsFetching,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';

// documents (opening a document source: pages, the file's URL, highlights; docs/platform.md)
export { documentKeys } from './documents/document-keys';
export { fileContentRequest, type FileContentRequest } from './documents/file-content-request';
export { filePagesQuery, getFilePages } from './documents/file-pages';
export {
  boxesForRange,
  pdfHighlightsForRanges,
  type HighlightBox,
  type PageRange,
  type PdfHighlight,
} from './documents/highlight-boxes';
export {
  TEXT_PAGE_JOINER,
  isPdfDocument,
  isPdfMediaType,
  segmentsText,
  sourceMarks,
  sourceOwnTextPreview,
  sourcePdfHighlights,
  sourceTextPreview,
  type SourceMark,
  type SourceTextRange,
} from './documents/source-preview';
export {
  useFilePreview,
  useSourcePreview,
  type PdfPreviewSource,
  type SourcePreviewContent,
  type SourcePreviewOptions,
  type SourcePreviewState,
  type TextPreviewSource,
} from './documents/use-source-preview';

// streaming
export {
  BAD_LINE_MESSAGE,
  NO_READABLE_STREAM_MESSAGE,
  readJsonLines,
  type JsonLinesLogger,
  type ReadJsonLinesOptions,
} from './streaming/read-json-lines';

// stores
export { PERSIST_KEY_PREFIX, persistKey, persistenceUser, setPersistenceUser } from './stores/per-user-persistence';
export { initialWorkspace, useWorkspaceStore, type DocumentLibraryFlags, type WorkspaceData } from './stores/workspace-store';
export { pageReloader, requestTimeoutMs, useConfigStore, type LoadStatus } from './stores/config-store';
export { useQaResourcesStore, type ResourcesStatus } from './stores/qa-resources-store';
export { useTranslationResourcesStore } from './stores/translation-resources-store';
export {
  initialTranslationPreferences,
  useTranslationPreferencesStore,
  type TranslationPreferences,
} from './stores/translation-preferences-store';
export { initialChatPreferences, useChatPreferencesStore, type ChatPreferences } from './stores/chat-preferences-store';

// notifications
export {
  DEFAULT_CONFIRM_LABEL_KEY,
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_FALLBACK_DURATION_MS,
  notifyErrorMessage,
  notifyInfo,
  notifySuccess,
  resolveDuration,
  useNotificationsStore,
  type Notification,
  type NotificationAction,
  type NotificationMessage,
  type NotificationVariant,
  type NotifyInput,
} from './notifications/notifications-store';
export {
  errorMessageFor,
  errorMessageKey,
  errorMessageText,
  errorMessageValues,
  errorMessages,
  registerErrorMessages,
  type ErrorMessageMap,
  type MessageValues,
} from './notifications/error-messages';
export { LocalizedError, isLocalizedError } from './notifications/localized-error';
export { notifyError } from './notifications/notify-error';

// permissions
export {
  hasPermission,
  loadPermissions,
  resetPermissions,
  usePermissionsStore,
  type PermissionName,
  type PermissionsStatus,
} from './permissions/permissions-store';
export { usePermission } from './permissions/use-permission';

// gating
export { FEATURE_NAMES, FEATURE_TABLE, isFeatureAvailable, type FeatureName, type FeatureSetLevel } from './gating/feature-sets';
export { isFeatureOn, isFlagOn, useGatingStore, type GatingStatus } from './gating/gating-store';
export { useFeature, useFlag } from './gating/use-feature';

// i18n and dates
export { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, detectLanguage } from './i18n/detect-language';
export { addNamespace, changeLanguage, currentLanguage, i18n, initI18n, type InitI18nOptions } from './i18n/i18n';
export { useLocale } from './i18n/use-locale';
export { PLATFORM_NAMESPACE, platformResources } from './i18n/platform-resources';
export { formatLongDate, formatShortDate, type DateFormatOptions } from './dates/format-date';

// telemetry
export { createAnalytics, hashUserId, type Analytics, type AnalyticsClient, type AnalyticsOptions } from './telemetry/analytics';
export { isDoNotTrack } from './telemetry/do-not-track';
export {
  PROBE_TIMEOUT_MS,
  TRACE_BATCH_CONFIG,
  TRACE_RETRY,
  createTracing,
  getTracing,
  noopSpan,
  probeEndpoint,
  setTracing,
  type RetryPolicy,
  type Span,
  type SpanAttributes,
  type Tracing,
  type TracingOptions,
} from './telemetry/tracing';
export {
  FARO_BATCHING,
  FARO_SESSION_INACTIVITY_MS,
  FARO_SESSION_MAX_MS,
  createObservability,
  type Observability,
  type ObservabilityOptions,
} from './telemetry/faro';
export { scrubUrlParams } from './telemetry/scrub';
export { trackUserInAnalytics, trackUserInObservability } from './telemetry/track-user';
