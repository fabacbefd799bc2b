import type { CollectionSummary } from '@assistant/contracts';
import { ApiRequestError, RequestAbortedError } from '@assistant/platform';
import { useCallback, useEffect, useState } from 'react';
import { getCollection } from '../../collections/api/collections-api';

export type CollectionLoad =
  | { status: 'loading' }
  | { status: 'loaded'; collection: CollectionSummary }
  /** 404: it does not exist or is someone else's (the server does not tell which). */
  | { status: 'not-found' }
  | { status: 'failed' };

/**
 * GET /api/collections/{id} for the details page. The API client retries a 404 (20 times, 250 ms
 * apart, by spec), so "not found" takes a few seconds to show; the page says it is loading meanwhile.
 */
export function useCollection(id: string): CollectionLoad & { reload(): void } {
  const [load, setLoad] = useState<CollectionLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getCollection(id, controller.signal).then(
      (collection) => setLoad({ status: 'loaded', collection }),
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof RequestAbortedError) return;
        // 400: not even a collection id (a mistyped address); the same answer for the user as a 404.
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) setLoad({ status: 'not-found' });
        else {
          console.warn('Loading the collection failed', error);
          setLoad({ status: 'failed' });
        }
      },
    );
    return () => controller.abort('left the collection');
  }, [id, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...load, reload };
}
