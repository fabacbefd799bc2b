/**
 * The query keys of this remote's server data (docs/platform.md "server state"), in one place:
 * every key starts with the resource, so a change invalidates all that depends on it with one
 * prefix.
 */

/**
 * GET /api/qa/resources as this screen keeps it (the whole answer). The chat keeps only the
 * models under its own key of the same prefix, so the two shapes never collide.
 */
export const qaResourceKeys = {
  all: ['qa-resources'] as const,
  screen: ['qa-resources', 'qa-screen'] as const,
};

/** A collection's documents (GET /api/collections/{id}/files), for picking one document. */
export const collectionKeys = {
  files: (collectionId: string) => ['collections', 'files', collectionId] as const,
};

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
