import { isRefusedRequest, type CollectionSummary } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';
import { useCollectionQuery } from '../api/get-collection';

export type CollectionLoad =
  | { status: 'loading' }
  | { status: 'loaded'; collection: CollectionSummary }
  /** `not_found`: it does not exist or is someone else's (the server does not tell which). */
  | { status: 'not-found' }
  | { status: 'failed' };

/**
 * The collection of the details page. The API client retries a 404 (20 times, 250 ms apart, by
 * spec), so "not found" takes a few seconds to show; the page says it is loading meanwhile.
 */
export function useCollection(id: string): CollectionLoad & { reload(): void } {
  const query = useCollectionQuery(id);
  const reload = () => void query.refetch();
  if (query.data) return { status: 'loaded', collection: query.data, reload };
  if (query.isError) {
    const error = query.error;
    // A refused request is not even a collection id (a mistyped address): for the user the same as not found.
    if (error instanceof ApiRequestError && (error.code === 'not_found' || isRefusedRequest(error.code))) return { status: 'not-found', reload };
    return { status: 'failed', reload };
  }
  return { status: 'loading', reload };
}
