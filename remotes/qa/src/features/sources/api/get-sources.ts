import { apiErrorCodeOf, qaSourcesResponseSchema, type QaSource } from '@assistant/contracts';
import { ApiRequestError, apiClients, queryOptions } from '@assistant/platform';
import { qaSourceKeys } from '../../../query-keys';

/** SPEC section 9: the sources of an answer are polled every 2 seconds. */
export const SOURCES_POLL_INTERVAL_MS = 2_000;

/** GET /api/qa/sources/{trace_id}: the sources once computed; 409 `sources_not_ready` before. */
export async function getSources(traceId: string, signal?: AbortSignal): Promise<QaSource[]> {
  return (await apiClients().api.get(`qa/sources/${encodeURIComponent(traceId)}`, qaSourcesResponseSchema, { signal })).qa_sources;
}

/** The server is still computing them (409 with code `sources_not_ready`): ask again. */
export function sourcesNotReady(error: unknown): boolean {
  return error instanceof ApiRequestError && apiErrorCodeOf(error.status, error.body) === 'sources_not_ready';
}

/** They cannot be computed (422 `sources_failed`: no passages, or no judgement could be made). */
export function sourcesFailed(error: unknown): boolean {
  return error instanceof ApiRequestError && apiErrorCodeOf(error.status, error.body) === 'sources_failed';
}

/**
 * Polled every SOURCES_POLL_INTERVAL_MS while the answer is "not ready", and at no other failure
 * (SPEC: until it succeeds, with no other retry; the platform's queries do not retry). A computed
 * answer does not change, so it never goes stale.
 */
export const sourcesQuery = (traceId: string) =>
  queryOptions({
    queryKey: qaSourceKeys.detail(traceId),
    queryFn: ({ signal }) => getSources(traceId, signal),
    staleTime: Infinity,
    refetchInterval: (query) => (sourcesNotReady(query.state.error) ? SOURCES_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
  });
