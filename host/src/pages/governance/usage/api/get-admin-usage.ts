import { adminUsageResponseSchema, type AdminUsageQuery, type AdminUsageResponse } from '@assistant/contracts';
import { apiClients, keepPreviousData, queryOptions, useQuery } from '@assistant/platform';

/** The administrators' usage figures, one cache entry per filter. */
export const adminUsageKeys = {
  all: ['admin', 'usage'] as const,
  query: (query: AdminUsageQuery | undefined) => [...adminUsageKeys.all, query] as const,
};

/** The query string of GET /api/admin/usage and /api/admin/usage.csv (filters left out when unset). */
export function adminUsageSearch(query: AdminUsageQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.group) params.set('group', query.group);
  if (query.feature) params.set('feature', query.feature);
  if (query.model) params.set('model', query.model);
  return params.toString();
}

/** GET /api/admin/usage: usage over the period by day, feature, model, group and top users. */
export async function getAdminUsage(query: AdminUsageQuery, signal?: AbortSignal): Promise<AdminUsageResponse> {
  return apiClients().api.get(`admin/usage?${adminUsageSearch(query)}`, adminUsageResponseSchema, { signal });
}

/** The figures of `query` (nothing is asked without one); while a changed filter loads, the previous figures stay on screen. */
export const useAdminUsageQuery = (query: AdminUsageQuery | undefined) =>
  useQuery({
    ...queryOptions({ queryKey: adminUsageKeys.query(query), queryFn: ({ signal }) => getAdminUsage(query!, signal) }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
