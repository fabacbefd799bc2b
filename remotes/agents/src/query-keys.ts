import type { CollectionScope } from '@assistant/contracts';

/**
 * The query keys of this remote's server data (docs/platform.md "server state"), in one place:
 * every key starts with the resource, so a change invalidates all that depends on it with one
 * prefix (a saved agent: the list and its form).
 */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => ['agents', 'list'] as const,
  detail: (id: string) => ['agents', 'detail', id] as const,
  versions: (id: string) => ['agents', 'versions', id] as const,
  version: (id: string, version: number) => ['agents', 'versions', id, version] as const,
};

/**
 * What the agent form offers to pick from. The keys and the cached shapes are the same as those of
 * the remotes that own these resources (collections: `CollectionSummary[]` per scope; chat: the
 * language models as `LanguageModel[]`, the tool servers as their list), so the one shared
 * QueryClient keeps one copy and a change made there (a new collection) shows here too.
 */
export const collectionKeys = {
  list: (scope: CollectionScope) => ['collections', 'list', scope] as const,
};
export const qaResourceKeys = {
  languageModels: ['qa-resources', 'language-models'] as const,
};
export const toolServerKeys = {
  choices: ['mcp-servers', 'choices'] as const,
};
