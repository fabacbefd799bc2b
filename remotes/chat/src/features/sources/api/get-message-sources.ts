import { apiErrorCodeOf, inContextSourcesResponseSchema, type InContextSourcesResponse } from '@assistant/contracts';
import { ApiRequestError, apiClients, queryOptions } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import { sourcesPath } from './trigger-message-sources';

/** SPEC section 9: the sources are asked for every 2 seconds until they are there. Tests shorten it. */
export const SOURCES_POLLING = { intervalMs: 2000 };

/** GET /api/conversations/{id}/messages/{messageId}/sources: the answer's supporting and conflicting sources. */
export function getMessageSources(conversationId: string, messageId: string, signal?: AbortSignal): Promise<InContextSourcesResponse> {
  return apiClients().api.get(sourcesPath(conversationId, messageId), inContextSourcesResponseSchema, { signal });
}

/** The server is still computing them (409 `sources_not_ready`): ask again. */
export function isSourcesNotReady(error: unknown): boolean {
  return error instanceof ApiRequestError && apiErrorCodeOf(error.status, error.body) === 'sources_not_ready';
}

/**
 * The sources of one answer, polled every SOURCES_POLLING.intervalMs while the answer is "not
 * ready", and with no other retry (SPEC sections 4 and 9; the platform's queries never retry): a
 * 422 `sources_failed` or any other failure ends the polling. Once there they do not change.
 */
export const messageSourcesQuery = (conversationId: string, messageId: string) =>
  queryOptions({
    queryKey: conversationKeys.sources(conversationId, messageId),
    queryFn: ({ signal }) => getMessageSources(conversationId, messageId, signal),
    refetchInterval: (query) => (isSourcesNotReady(query.state.error) ? SOURCES_POLLING.intervalMs : false),
    staleTime: Infinity,
    // Kept for the session (small), so an answer shown again is never triggered again by itself.
    gcTime: Infinity,
  });
