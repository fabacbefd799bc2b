import type { SearchHit } from '@assistant/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchCollection } from '../api/search-api';

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; query: string }
  | { status: 'done'; query: string; hits: SearchHit[] }
  | { status: 'error'; query: string; error: unknown };

/**
 * One search at a time in a collection: a new search (or leaving the page) aborts the one under
 * way, so an older answer never replaces a newer one.
 */
export function useCollectionSearch(collectionId: string) {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const search = useCallback(
    async (query: string) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ status: 'searching', query });
      try {
        const hits = await searchCollection(collectionId, query, controller.signal);
        if (!controller.signal.aborted) setState({ status: 'done', query, hits });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'error', query, error });
      }
    },
    [collectionId],
  );

  return { state, search };
}
