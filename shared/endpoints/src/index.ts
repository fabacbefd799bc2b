// The endpoints that more than one remote, or the host and a remote, use: each defined once
// (fetcher, contract schema, query key, query options), shared through federation as a singleton
// so that every remote reads and invalidates the same cache entries. docs/federation.md
// "Shared endpoints". Exported: what the remotes and the host use.

// How often this module was evaluated on the page: once, when the share scope handed every remote
// the host's copy (tests/e2e/shell.test.ts reads it after visiting every remote).
const page = globalThis as { __assistantEndpointsEvaluations?: number };
page.__assistantEndpointsEvaluations = (page.__assistantEndpointsEvaluations ?? 0) + 1;

export { useAdminGroupsQuery, useRenameGroup } from './admin-groups';
export { useAnswerRating } from './answer-ratings';
export { agentKeys, getAgent, useAgentQuery } from './agents';
export { collectionFilesQuery } from './collection-files';
export { collectionKeys, sortCollections, useCollectionsQuery } from './collections';
// the root of the chat's conversation keys (the shell asks them all again after "delete all my conversations")
export { conversationKeysRoot } from './conversations';
export { customAppKeys, customAppsQuery } from './custom-apps';
// people and groups by name (the share dialog's search; the budgets' people)
export { useDirectorySearch } from './directory';
export { fileContentRequest } from './documents/file-content-request';
export { isPdfMediaType, type SourceTextRange } from './documents/source-preview';
export { useFilePreview, useSourcePreview, type SourcePreviewState } from './documents/use-source-preview';
export { startFileRun } from './file-runs';
export {
  libraryBindingsQuery,
  libraryFoldersQuery,
  libraryItemsQuery,
  useConnectWebdavLibrary,
  useCreateLibraryBindings,
  useDisconnectLibrary,
  useLibrariesQuery,
  useLibraryBindingAction,
  type LibraryBindingAction,
} from './libraries';
export { useLibrarySignIn } from './library-sign-in';
// the end of a connector's sign-in popup (the shell's /oauth/callback page) and its failures
export { handOAuthCallbackToOpener, OAuthPopupError } from './oauth-popup';
export { myRetentionQuery } from './my-retention';
export { myUsageQuery, useMarkBudgetNoticeSeen, usageKeys } from './my-usage';
export { qaResourceKeys, qaResourcesQuery, shownResources, useLanguageModelsQuery } from './qa-resources';
export { sharedWithMeQuery, useMarkSharedWithMeSeen } from './shared-with-me';
export { toolServerKeys, useToolServersQuery, type ToolServer } from './tool-servers';
export { transcriptionConfigQuery } from './transcription-config';
// an item's shares read and replaced outside the dialog (an agent's knowledge shared with its recipients)
export { saveShares, sharesQuery } from './shares';
export { useShareDialog } from './use-share-dialog';
