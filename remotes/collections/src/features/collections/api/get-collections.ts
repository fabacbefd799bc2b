import { collectionListResponseSchema, type CollectionScope, type CollectionSummary } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { collectionKeys } from '../../../query-keys';
import { sortCollections } from '../model/sort-collections';

/** GET /api/collections?scope=: the caller's personal collections, or the company ones. */
export async function getCollections(scope: CollectionScope, signal?: AbortSignal): Promise<CollectionSummary[]> {
  const answer = await apiClients().api.get(`collections?scope=${scope}`, collectionListResponseSchema, { signal });
  return sortCollections(answer.collections);
}

export const collectionsQuery = (scope: CollectionScope) =>
  queryOptions({ queryKey: collectionKeys.list(scope), queryFn: ({ signal }) => getCollections(scope, signal) });

export const useCollectionsQuery = (scope: CollectionScope) => useQuery(collectionsQuery(scope));
