import type { IngestionRunsPage } from '@assistant/contracts';
import { useEffect, useState } from 'react';
import { useRunsQuery } from '../api/get-runs';

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

const pagesOf = (data: IngestionRunsPage | undefined) => (data ? Math.max(1, Math.ceil(data.total / RUNS_PAGE_SIZE)) : 1);

/** Pages of the collection's ingestion runs; asked again whenever `changeKey` changes (files came, went or moved on). */
export function useIngestionRuns(collectionId: string, changeKey: string): IngestionRunsState {
  const [page, setPage] = useState(1);
  const query = useRunsQuery(collectionId, page, RUNS_PAGE_SIZE, changeKey);
  const pages = pagesOf(query.data);
  // Runs were removed with their files: go back to the last page there is.
  const beyond = !query.isPlaceholderData && query.data !== undefined && page > pages;
  useEffect(() => {
    if (beyond) setPage(pages);
  }, [beyond, pages]);

  let status: IngestionRunsState['status'] = 'loading';
  if (query.isError && !query.isFetching) status = 'failed';
  else if (query.data && !beyond) status = 'loaded';
  return {
    page,
    pages,
    data: status === 'loaded' ? query.data! : null,
    status,
    setPage: (next) => setPage(Math.max(1, next)),
    reload: () => void query.refetch(),
  };
}
