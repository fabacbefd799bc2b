import type { CollectionScope } from '@assistant/contracts';

/**
 * The query keys of this remote's server data (docs/platform.md "server state"), in one place:
 * every key starts with the resource, so a change invalidates all that depends on it with one
 * prefix (a renamed collection: its list and its details page).
 */
export const collectionKeys = {
  all: ['collections'] as const,
  lists: () => ['collections', 'list'] as const,
  list: (scope: CollectionScope) => ['collections', 'list', scope] as const,
  detail: (id: string) => ['collections', 'detail', id] as const,
  files: (id: string) => ['collections', 'files', id] as const,
  runs: (id: string) => ['collections', 'runs', id] as const,
  runsPage: (id: string, page: number, size: number) => ['collections', 'runs', id, page, size] as const,
  search: (id: string, query: string) => ['collections', 'search', id, query] as const,
};
