import { collectionFileListResponseSchema, type CollectionFile } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { collectionKeys } from '../../../query-keys';
import { needsPolling } from '../model/file-status';
import { FILES_POLLING } from '../model/polling';

/** GET /api/collections/{id}/files: newest first, each with its ingestion status and failure. */
export async function getFiles(collectionId: string, signal?: AbortSignal): Promise<CollectionFile[]> {
  const answer = await apiClients().api.get(`collections/${encodeURIComponent(collectionId)}/files`, collectionFileListResponseSchema, { signal });
  return answer.files;
}

/**
 * The files, asked again every FILES_POLLING.intervalMs while a file is uploaded or processing,
 * until every file is processed or failed; after a failed poll while files are in work, at half
 * that pace (the next answer may come). Leaving the page stops it.
 */
export const filesQuery = (collectionId: string) =>
  queryOptions({
    queryKey: collectionKeys.files(collectionId),
    queryFn: ({ signal }) => getFiles(collectionId, signal),
    refetchInterval: (query) => {
      const files = query.state.data;
      if (!files || !needsPolling(files)) return false;
      return query.state.status === 'error' ? FILES_POLLING.intervalMs * 2 : FILES_POLLING.intervalMs;
    },
  });

export const useFilesQuery = (collectionId: string) => useQuery(filesQuery(collectionId));
