import type { IngestionRunsPage } from '@assistant/contracts';
import { RequestAbortedError } from '@assistant/platform';
import { useCallback, useEffect, useState } from 'react';
import { listRuns } from '../api/files-api';

/** Runs per page of the runs list. */
export const RUNS_PAGE_SIZE = 10;

export interface IngestionRunsState {
  page: number;
  /** Pages in all (at least 1). */
  pages: number;
  data: IngestionRunsPage | null;
  status: 'loading' | 'loaded' | 'failed';
  setPage(page: number): void;
  reload(): void;
}

/** Pages of the collection's ingestion runs; asked again whenever `changeKey` changes (files came, went or moved on). */
export function useIngestionRuns(collectionId: string, changeKey: string): IngestionRunsState {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<IngestionRunsPage | null>(null);
  const [status, setStatus] = useState<IngestionRunsState['status']>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listRuns(collectionId, page, RUNS_PAGE_SIZE, controller.signal).then(
      (answer) => {
        const pages = Math.max(1, Math.ceil(answer.total / RUNS_PAGE_SIZE));
        // Runs were removed with their files: go back to the last page there is.
        if (page > pages) {
          setPage(pages);
          return;
        }
        setData(answer);
        setStatus('loaded');
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof RequestAbortedError) return;
        console.warn('Loading the ingestion runs failed', error);
        setStatus('failed');
      },
    );
    return () => controller.abort('runs page replaced or page left');
  }, [collectionId, page, changeKey, attempt]);

  const pages = data ? Math.max(1, Math.ceil(data.total / RUNS_PAGE_SIZE)) : 1;
  const reload = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);
  const changePage = useCallback((next: number) => setPage(Math.max(1, next)), []);
  return { page, pages, data, status, setPage: changePage, reload };
}
