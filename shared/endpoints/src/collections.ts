import { collectionListResponseSchema, type CollectionScope, type CollectionSummary } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/**
 * The keys of everything under /api/collections. Every key starts with the resource, so a change
 * reaches all that depends on it with one prefix (a renamed collection: its lists and its page).
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

/** Latest change first, as the server lists them (ties keep their order). */
export function sortCollections(collections: readonly CollectionSummary[]): CollectionSummary[] {
  return [...collections].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
}

/** GET /api/collections?scope=: the caller's personal collections, or the company's, latest change first. */
export async function getCollections(scope: CollectionScope, signal?: AbortSignal): Promise<CollectionSummary[]> {
  const answer = await apiClients().api.get(`collections?scope=${scope}`, collectionListResponseSchema, { signal });
  return sortCollections(answer.collections);
}

export const collectionsQuery = (scope: CollectionScope) =>
  queryOptions({ queryKey: collectionKeys.list(scope), queryFn: ({ signal }) => getCollections(scope, signal) });

export const useCollectionsQuery = (scope: CollectionScope) => useQuery(collectionsQuery(scope));
