// The endpoints that more than one remote, or the host and a remote, use: each defined once
// (fetcher, contract schema, query key, query options), shared through federation as a singleton
// so that every remote reads and invalidates the same cache entries. docs/federation.md
// "Shared endpoints".

// How often this module was evaluated on the page: once, when the share scope handed every remote
// the host's copy (tests/e2e/shell.test.ts reads it after visiting every remote).
const page = globalThis as { __assistantEndpointsEvaluations?: number };
page.__assistantEndpointsEvaluations = (page.__assistantEndpointsEvaluations ?? 0) + 1;

export { agentKeys, agentQuery, getAgent, useAgentQuery } from './agents';
export { collectionFilesQuery, getCollectionFiles } from './collection-files';
export { collectionKeys, collectionsQuery, getCollections, sortCollections, useCollectionsQuery } from './collections';
export { customAppKeys, customAppsQuery, getCustomApps } from './custom-apps';
export { startFileRun } from './file-runs';
export { getQaResources, qaResourceKeys, qaResourcesQuery, shownResources, useLanguageModelsQuery } from './qa-resources';
export { getToolServers, toolServerKeys, toolServersQuery, useToolServersQuery, type ToolServer } from './tool-servers';
export { getTranscriptionConfig, transcriptionConfigKeys, transcriptionConfigQuery } from './transcription-config';
