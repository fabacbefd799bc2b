import { collectionFileListResponseSchema, type CollectionFile } from '@assistant/contracts';
import { apiClients, queryOptions, skipToken } from '@assistant/platform';
import { collectionKeys } from './collections';

/** GET /api/collections/{id}/files: the collection's documents, newest first, each with its ingestion status and failure. */
export async function getCollectionFiles(collectionId: string, signal?: AbortSignal): Promise<CollectionFile[]> {
  const answer = await apiClients().api.get(`collections/${encodeURIComponent(collectionId)}/files`, collectionFileListResponseSchema, { signal });
  return answer.files;
}

/** The documents of one collection; with no collection (none picked yet) nothing is asked. */
export const collectionFilesQuery = (collectionId: string | undefined) =>
  queryOptions({
    queryKey: collectionKeys.files(collectionId ?? ''),
    queryFn: collectionId ? ({ signal }) => getCollectionFiles(collectionId, signal) : skipToken,
  });
