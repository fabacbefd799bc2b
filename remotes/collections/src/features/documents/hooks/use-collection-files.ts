import type { CollectionFile } from '@assistant/contracts';
import { RequestAbortedError } from '@assistant/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listFiles } from '../api/files-api';
import { needsPolling } from '../model/file-status';
import { FILES_POLLING } from '../model/polling';

export interface CollectionFilesState {
  files: CollectionFile[];
  status: 'loading' | 'loaded' | 'failed';
  /** Asks the list again now (after an upload, a retry or a removal). */
  refresh(): void;
}

/**
 * GET /api/collections/{id}/files, asked again every FILES_POLLING.intervalMs while a file is
 * uploaded or processing, until every file is processed or failed. Leaving the page stops it.
 * A newer request wins over an older one still under way.
 */
export function useCollectionFiles(collectionId: string): CollectionFilesState {
  const [files, setFiles] = useState<CollectionFile[]>([]);
  const [status, setStatus] = useState<CollectionFilesState['status']>('loading');
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  /** Whether the last answer had files in work (then a failed poll is tried again). */
  const watching = useRef(false);

  useEffect(() => {
    const request = ++latest.current;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    listFiles(collectionId, controller.signal).then(
      (answer) => {
        if (request !== latest.current) return;
        setFiles(answer);
        setStatus('loaded');
        watching.current = needsPolling(answer);
        if (watching.current) timer = setTimeout(() => setTick((n) => n + 1), FILES_POLLING.intervalMs);
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof RequestAbortedError || request !== latest.current) return;
        console.warn('Loading the files failed', error);
        setStatus((current) => (current === 'loaded' ? current : 'failed'));
        // A failed poll while files are in work: keep watching, the next answer may come.
        if (watching.current) timer = setTimeout(() => setTick((n) => n + 1), FILES_POLLING.intervalMs * 2);
      },
    );
    return () => {
      controller.abort('files list replaced or page left');
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [collectionId, tick]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  return { files, status, refresh };
}
