import type { CollectionFile } from '@assistant/contracts';
import { useFilesQuery } from '../api/get-files';

export interface CollectionFilesState {
  files: CollectionFile[];
  status: 'loading' | 'loaded' | 'failed';
  /** Asks the list again now (after an upload, a retry or a removal). */
  refresh(): void;
}

/** The collection's files as the page shows them (polled while files are in work: `filesQuery`). */
export function useCollectionFiles(collectionId: string): CollectionFilesState {
  const query = useFilesQuery(collectionId);
  const refresh = () => void query.refetch();
  // A failed poll keeps the last list on screen.
  if (query.data) return { files: query.data, status: 'loaded', refresh };
  return { files: [], status: query.isError ? 'failed' : 'loading', refresh };
}
