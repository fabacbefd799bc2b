import { hashKey, type Query, type QueryFunction, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { persistKey, persistenceUser } from '../stores/per-user-persistence';
import { persistedQueryEntry } from './persisted-query-key';

/**
 * The signed-in user's kept answer of a query, read at once (localStorage is synchronous, the
 * persister's restore is not): the query's `placeholderData`, so that a screen shows it on its
 * first render. Undefined without a user or a kept answer.
 */
export function keptAnswer<T>(queryKey: QueryKey): T | undefined {
  const sub = persistenceUser();
  if (sub === null) return undefined;
  try {
    const entry = localStorage.getItem(persistKey(persistedQueryEntry(hashKey(queryKey)), sub));
    return entry === null ? undefined : (JSON.parse(entry) as { state: { data: T } }).state.data;
  } catch {
    return undefined;
  }
}

/**
 * A query's `persister` for server data that SPEC section 3 keeps per user ("local state persisted
 * per user": the QA and the translation resources). Set in the query's one definition:
 *
 * - The signed-in user's last answer is restored when the query has no data yet (a new page
 *   load, another user's session before), and the server is asked right after, whatever the
 *   query's `staleTime`: a kept answer is never taken for this session's. With
 *   `placeholderData: () => keptAnswer(key)` a screen shows it on its first render already.
 * - Every answer is kept for that user (the user of the moment the load started).
 * - A failed load forgets the kept answer: the next page load starts empty, as SPEC section 4
 *   wants for the QA resources ("cleared") and the translation resources ("left empty").
 * - Without a signed-in user nothing is read or written.
 *
 * The persister (TanStack Query's, `./user-query-persister.ts`) loads with the first such query,
 * not with the shell's start-up, unless the shell asked for it early (`preloadQueryPersister`).
 */
export async function persistedPerUser<T, TQueryKey extends QueryKey>(
  queryFn: QueryFunction<T, TQueryKey, never>,
  context: QueryFunctionContext<TQueryKey>,
  query: Query,
): Promise<T> {
  const sub = persistenceUser();
  if (sub === null) return queryFn(context);
  const { persistForUser } = await import('./user-query-persister');
  return persistForUser(sub, queryFn, context, query);
}

/**
 * Starts loading the persister now, for a page whose first query is persisted: the shell calls it
 * beside the route's remote, so that the query does not wait for one more download after the page
 * renders (a round trip on a slow network). Never rejects; a failed load fails again at the query.
 */
export function preloadQueryPersister(): void {
  import('./user-query-persister').catch(() => undefined);
}
