import { collectionFileListResponseSchema, type CollectionFile } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/collections/{id}/files: the documents of one collection (only processed ones can be worked on). */
export async function getCollectionDocuments(collectionId: string, signal?: AbortSignal): Promise<CollectionFile[]> {
  const answer = await apiClients().api.get(`collections/${encodeURIComponent(collectionId)}/files`, collectionFileListResponseSchema, { signal });
  return answer.files;
}

export const collectionDocumentsQuery = (collectionId: string) =>
  queryOptions({ queryKey: ['usecases', 'documents', 'files', collectionId], queryFn: ({ signal }) => getCollectionDocuments(collectionId, signal) });

export const useCollectionDocuments = (collectionId: string) => useQuery({ ...collectionDocumentsQuery(collectionId), enabled: collectionId !== '' });
