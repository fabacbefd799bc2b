import { collectionSearchResponseSchema, type SearchHit } from '@assistant/contracts';
import { collectionKeys } from '@assistant/endpoints';
import { apiClients, queryOptions, skipToken, useQuery } from '@assistant/platform';

/** GET /api/collections/{id}/search?q=: ranked passages with the matched words' offsets. */
export async function searchCollection(collectionId: string, query: string, signal?: AbortSignal): Promise<SearchHit[]> {
  const params = new URLSearchParams({ q: query });
  const answer = await apiClients().api.get(`collections/${encodeURIComponent(collectionId)}/search?${params}`, collectionSearchResponseSchema, { signal });
  return answer.hits;
}

/** The hits of one query; none asked while `query` is undefined (nothing searched yet). */
export const searchQuery = (collectionId: string, query: string | undefined) =>
  queryOptions({
    queryKey: collectionKeys.search(collectionId, query ?? ''),
    queryFn: query === undefined ? skipToken : ({ signal }) => searchCollection(collectionId, query, signal),
  });

export const useSearchQuery = (collectionId: string, query: string | undefined) => useQuery(searchQuery(collectionId, query));
