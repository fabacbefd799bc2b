/**
 * A persisted query's answer lives in localStorage under `assistant.query-<query hash>.<sub>`
 * (`persistKey`, like the persisted stores): TanStack Query's per-query persister names the entry
 * `query-<hash>` (its prefix and the query's hash), and its storage adds the user.
 */
export const PERSISTED_QUERY_PREFIX = 'query';

/** The persister's own name of a query's entry (what its storage is asked for). */
export const persistedQueryEntry = (queryHash: string) => `${PERSISTED_QUERY_PREFIX}-${queryHash}`;
