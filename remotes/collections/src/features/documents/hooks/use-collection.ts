import type { CollectionSummary } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';
import { useCollectionQuery } from '../api/get-collection';

export type CollectionLoad =
  | { status: 'loading' }
  | { status: 'loaded'; collection: CollectionSummary }
  /** 404: it does not exist or is someone else's (the server does not tell which). */
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
    // 400: not even a collection id (a mistyped address); the same answer for the user as a 404.
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return { status: 'not-found', reload };
    return { status: 'failed', reload };
  }
  return { status: 'loading', reload };
}
