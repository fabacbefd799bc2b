import { adminRatingsResponseSchema, type AdminRatingsQuery, type AdminRatingsResponse } from '@assistant/contracts';
import { apiClients, keepPreviousData, queryOptions, useQuery } from '@assistant/platform';

/** The administrators' answer ratings, one cache entry per filter. */
export const adminRatingsKeys = {
  all: ['admin', 'ratings'] as const,
  query: (query: AdminRatingsQuery) => [...adminRatingsKeys.all, query] as const,
};

/** The query string of GET /api/admin/ratings (filters left out when unset). */
export function adminRatingsSearch(query: AdminRatingsQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.feature) params.set('feature', query.feature);
  if (query.model) params.set('model', query.model);
  if (query.agent) params.set('agent', query.agent);
  return params.toString();
}

/** GET /api/admin/ratings: the good and bad ratings of the period by day, model, feature and agent, the reasons and the latest comments. */
export async function getAdminRatings(query: AdminRatingsQuery, signal?: AbortSignal): Promise<AdminRatingsResponse> {
  return apiClients().api.get(`admin/ratings?${adminRatingsSearch(query)}`, adminRatingsResponseSchema, { signal });
}

export const adminRatingsQuery = (query: AdminRatingsQuery) =>
  queryOptions({ queryKey: adminRatingsKeys.query(query), queryFn: ({ signal }) => getAdminRatings(query, signal) });

/** The figures of `query` (none while the filters are refused); while a changed filter loads, the previous figures stay on screen. */
export const useAdminRatingsQuery = (query: AdminRatingsQuery | null) =>
  useQuery({
    ...adminRatingsQuery(query ?? { from: '', to: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
