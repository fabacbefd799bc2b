import { collectionFileListResponseSchema, type CollectionFile } from '@assistant/contracts';
import { apiClients, queryOptions, skipToken, useQuery } from '@assistant/platform';
import { collectionKeys } from '../../../query-keys';

/** GET /api/collections/{id}/files: the collection's documents, newest first, with their ingestion status. */
export async function getCollectionFiles(collectionId: string, signal?: AbortSignal): Promise<CollectionFile[]> {
  const answer = await apiClients().api.get(`collections/${encodeURIComponent(collectionId)}/files`, collectionFileListResponseSchema, { signal });
  return answer.files;
}

/** The documents of the collection picked for "one document"; nothing is asked before one is picked. */
export const collectionFilesQuery = (collectionId: string | undefined) =>
  queryOptions({
    queryKey: collectionKeys.files(collectionId ?? ''),
    queryFn: collectionId ? ({ signal }) => getCollectionFiles(collectionId, signal) : skipToken,
  });

export const useCollectionFilesQuery = (collectionId: string | undefined) => useQuery(collectionFilesQuery(collectionId));
