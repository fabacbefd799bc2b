import { ingestionRunsPageSchema, type IngestionRunsPage } from '@assistant/contracts';
import { collectionKeys } from '@assistant/endpoints';
import { apiClients, keepPreviousData, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/ingestion/runs?page=&size=&collection_id=: one page of the collection's runs, newest first. */
export function getRuns(collectionId: string, page: number, size: number, signal?: AbortSignal): Promise<IngestionRunsPage> {
  const query = new URLSearchParams({ page: String(page), size: String(size), collection_id: collectionId });
  return apiClients().api.get(`ingestion/runs?${query}`, ingestionRunsPageSchema, { signal });
}

/**
 * One page of runs; `changeKey` (the files' signature) is part of the key, so the page is asked
 * again when files came, went or moved on, while the last page stays on screen meanwhile.
 */
export const runsQuery = (collectionId: string, page: number, size: number, changeKey: string) =>
  queryOptions({
    queryKey: [...collectionKeys.runsPage(collectionId, page, size), changeKey] as const,
    queryFn: ({ signal }) => getRuns(collectionId, page, size, signal),
    placeholderData: keepPreviousData,
  });

export const useRunsQuery = (collectionId: string, page: number, size: number, changeKey: string) =>
  useQuery(runsQuery(collectionId, page, size, changeKey));
