import { collectionListResponseSchema, type CollectionScope, type CollectionSummary } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { collectionKeys } from '../../../query-keys';

/** GET /api/collections?scope=: the collections the user may read (their personal ones, or the company's). */
export async function getCollections(scope: CollectionScope, signal?: AbortSignal): Promise<CollectionSummary[]> {
  return (await apiClients().api.get(`collections?scope=${scope}`, collectionListResponseSchema, { signal })).collections;
}

export const collectionsQuery = (scope: CollectionScope) =>
  queryOptions({ queryKey: collectionKeys.list(scope), queryFn: ({ signal }) => getCollections(scope, signal) });

export const useCollectionsQuery = (scope: CollectionScope) => useQuery(collectionsQuery(scope));
