// The platform's public surface, exported by name (no `export *`). See docs/platform.md.

// federation
export { defineRemoteModule, mountedRoutes, type RemoteModule, type RemoteSidePanelProps } from './federation/remote-module';
export { StandaloneRemote } from './federation/standalone-remote';

// start-up wiring
export { initPlatform } from './platform';

// auth
export { SignInLinkExpiredError, createAuth, getAuth, getUser, hasAuth, setAuth, type Auth } from './auth/auth';
export { isSessionInvalid } from './auth/session';
export { REDIRECT_INFO_KEY, saveRedirectInfo, takeRedirectInfo, type RedirectInfo } from './auth/redirect-info';
export { useAuth } from './auth/use-auth';

// pages: the document title, copying, a question box's Enter
export { documentTitle, useDocumentTitle } from './page/use-document-title';
export { copyTextWithNotice, writeClipboardText } from './clipboard/copy-text';
export { useSendOnEnter } from './input/use-send-on-enter';

// keyboard shortcuts (the keys in one place, one listener; docs/chat-ui.md "Keyboard shortcuts")
export { KEYBOARD_SHORTCUTS, shortcutKeys } from './shortcuts/keyboard-shortcuts';
export { useKeyboardShortcut } from './shortcuts/use-keyboard-shortcut';

// http
export { ApiRequestError, RequestAbortedError } from './http/errors';
export { apiErrorFromText, type HttpClient } from './http/http-client';
export { apiClients, createApiClients, setApiClients } from './http/api-clients';
export { uploadWithProgress, type UploadProgress } from './http/upload-with-progress';

// uploads (a queue of files with progress, their SPEC states)
export { UPLOAD_ACCEPT, isSettledUpload, uploadProblemFrom, uploadStates, type UploadItem, type UploadProblem } from './uploads/upload-item';
export { uploadOneFile, type UploadRecord } from './uploads/upload-one-file';
export { uploadProblemText } from './uploads/upload-problem-text';
export { useUploadQueue } from './uploads/use-upload-queue';
export { useFileDrop } from './uploads/use-file-drop';

// server state (TanStack Query: one QueryClient for the host and every remote; docs/platform.md)
export { queryClient, resetServerState } from './server-state/query-client';
export { ServerStateProvider } from './server-state/server-state-provider';
export { keptAnswer, persistedPerUser, preloadQueryPersister } from './server-state/persisted-per-user';
export {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';

// documents: what the ui's preview draws (opening a document is @assistant/endpoints'; docs/platform.md)
export { type HighlightBox, type PdfHighlight } from './documents/highlights';

// streaming
export { readJsonLines } from './streaming/read-json-lines';
export { applyStreamText, emptyStreamText, type StreamText } from './streaming/stream-text';
export { useTextStream, type TextStreamFailures, type TextStreamState, type TextStreamStatus } from './streaming/use-text-stream';

// stores
export { persistKey, persistenceUser, setPersistenceUser } from './stores/per-user-persistence';
export { useWorkspaceStore, type ThemeChoice } from './stores/workspace-store';
export { useConfigStore } from './stores/config-store';
export { initialTranslationPreferences, useTranslationPreferencesStore } from './stores/translation-preferences-store';
export { initialChatPreferences, useChatPreferencesStore } from './stores/chat-preferences-store';

// developer mode (docs/developer-mode.md)
export { useDeveloperModeStore } from './developer/developer-mode-store';
export { isDeveloperModeOn, useDeveloperMode } from './developer/use-developer-mode';

// notifications
export { notifyErrorMessage, notifySuccess, useNotificationsStore, type Notification } from './notifications/notifications-store';
export { budgetExhaustedMessage, errorMessageFor, errorMessageKey, errorMessageText } from './notifications/error-messages';
export { LocalizedError } from './notifications/localized-error';
export { notifyError } from './notifications/notify-error';

// permissions
export { loadPermissions, resetPermissions, usePermissionsStore, type PermissionName } from './permissions/permissions-store';
export { usePermission } from './permissions/use-permission';

// gating
export { FEATURE_NAMES, isFeatureAvailable, type FeatureName } from './gating/feature-sets';
export { useGatingStore } from './gating/gating-store';
export { useFeature, useFlag } from './gating/use-feature';

// i18n and dates
export { addNamespace, changeLanguage, currentLanguage, i18n } from './i18n/i18n';
export { useLocale } from './i18n/use-locale';
export { formatLongDate, formatShortDate } from './dates/format-date';

// telemetry
export { createAnalytics, type Analytics } from './telemetry/analytics';
export { createTracing, setTracing, type Tracing } from './telemetry/tracing';
export { createObservability, type Observability } from './telemetry/faro';
export { trackUserInAnalytics, trackUserInObservability } from './telemetry/track-user';
