import { collectionFileListResponseSchema, collectionListResponseSchema, type CollectionFile, type CollectionSummary } from '@assistant/contracts';
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

/** GET /api/collections/{id}/files: the documents of one collection (only processed ones can be worked on). */
export async function getCollectionDocuments(collectionId: string, signal?: AbortSignal): Promise<CollectionFile[]> {
  const answer = await apiClients().api.get(`collections/${encodeURIComponent(collectionId)}/files`, collectionFileListResponseSchema, { signal });
  return answer.files;
}

export const collectionDocumentsQuery = (collectionId: string) =>
  queryOptions({ queryKey: ['usecases', 'documents', 'files', collectionId], queryFn: ({ signal }) => getCollectionDocuments(collectionId, signal) });

export const useCollectionDocuments = (collectionId: string) => useQuery({ ...collectionDocumentsQuery(collectionId), enabled: collectionId !== '' });
