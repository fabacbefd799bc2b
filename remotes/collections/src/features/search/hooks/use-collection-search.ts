import type { SearchHit } from '@assistant/contracts';
import { useCallback, useState } from 'react';
import { useSearchQuery } from '../api/search-collection';

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; query: string }
  | { status: 'done'; query: string; hits: SearchHit[] }
  | { status: 'error'; query: string; error: unknown };

/**
 * One search at a time in a collection: a new query replaces the one under way (its load is
 * cancelled by the query layer), so an older answer never replaces a newer one; the same query
 * again asks again.
 */
export function useCollectionSearch(collectionId: string) {
  const [submitted, setSubmitted] = useState<string | undefined>(undefined);
  const query = useSearchQuery(collectionId, submitted);
  const { refetch } = query;

  const search = useCallback(
    async (next: string) => {
      if (next === submitted) await refetch();
      else setSubmitted(next);
    },
    [submitted, refetch],
  );

  let state: SearchState;
  if (submitted === undefined) state = { status: 'idle' };
  else if (query.isFetching) state = { status: 'searching', query: submitted };
  else if (query.isError) state = { status: 'error', query: submitted, error: query.error };
  else state = { status: 'done', query: submitted, hits: query.data ?? [] };
  return { state, search };
}
