/**
 * The query keys of the server data only this remote reads (docs/platform.md "server state"); the
 * QA resources and a collection's files are those of `@assistant/endpoints`. Every key starts with
 * the resource, so a change invalidates all that depends on it with one prefix.
 */

/** The sources of one answer (GET /api/qa/sources/{trace_id}), polled until computed. */
export const qaSourceKeys = {
  all: ['qa-sources'] as const,
  detail: (traceId: string) => ['qa-sources', traceId] as const,
};

/** The question history kept in this browser, per user (features/history). */
export const qaHistoryKeys = {
  all: ['qa-history'] as const,
  list: (userSub: string) => ['qa-history', userSub] as const,
};
