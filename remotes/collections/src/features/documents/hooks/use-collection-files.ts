import type { CollectionFile } from '@assistant/contracts';
import { collectionFilesQuery } from '@assistant/endpoints';
import { useQuery } from '@assistant/platform';
import { needsPolling } from '../model/file-status';
import { FILES_POLLING } from '../model/polling';

export interface CollectionFilesState {
  files: CollectionFile[];
  status: 'loading' | 'loaded' | 'failed';
  /** Asks the list again now (after an upload, a retry or a removal). */
  refresh(): void;
}

/**
 * The collection's files as the page shows them: asked again every FILES_POLLING.intervalMs while
 * a file is uploaded or processing, until every file is processed or failed; after a failed poll
 * while files are in work, at half that pace (the next answer may come). Leaving the page stops it.
 */
export function useCollectionFiles(collectionId: string): CollectionFilesState {
  const query = useQuery({
    ...collectionFilesQuery(collectionId),
    refetchInterval: (current) => {
      const files = current.state.data;
      if (!files || !needsPolling(files)) return false;
      return current.state.status === 'error' ? FILES_POLLING.intervalMs * 2 : FILES_POLLING.intervalMs;
    },
  });
  const refresh = () => void query.refetch();
  // A failed poll keeps the last list on screen.
  if (query.data) return { files: query.data, status: 'loaded', refresh };
  return { files: [], status: query.isError ? 'failed' : 'loading', refresh };
}
