import { collectionSummarySchema, type CollectionSummary } from '@assistant/contracts';
import { collectionKeys } from '@assistant/endpoints';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/collections/{id}: 404 when it does not exist or is someone else's. */
export function getCollection(id: string, signal?: AbortSignal): Promise<CollectionSummary> {
  return apiClients().api.get(`collections/${encodeURIComponent(id)}`, collectionSummarySchema, { signal });
}

export const collectionQuery = (id: string) =>
  queryOptions({ queryKey: collectionKeys.detail(id), queryFn: ({ signal }) => getCollection(id, signal) });

export const useCollectionQuery = (id: string) => useQuery(collectionQuery(id));
