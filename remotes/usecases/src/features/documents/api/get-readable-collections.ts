import { collectionListResponseSchema, type CollectionSummary } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/collections?scope=personal and =company: every collection the user may read, personal first. */
export async function getReadableCollections(signal?: AbortSignal): Promise<CollectionSummary[]> {
  const read = (scope: 'personal' | 'company') => apiClients().api.get(`collections?scope=${scope}`, collectionListResponseSchema, { signal });
  const [personal, company] = await Promise.all([read('personal'), read('company')]);
  return [...personal.collections, ...company.collections];
}

export const readableCollectionsQuery = () =>
  queryOptions({ queryKey: ['usecases', 'documents', 'collections'], queryFn: ({ signal }) => getReadableCollections(signal) });

export const useReadableCollections = () => useQuery(readableCollectionsQuery());
