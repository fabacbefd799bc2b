import { customAppVersionListResponseSchema, type CustomAppVersionSummary } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/custom-apps/{id}/versions: every version, newest first (for those who may change the app). */
export async function getAppVersions(id: string, signal?: AbortSignal): Promise<CustomAppVersionSummary[]> {
  return (await apiClients().api.get(`custom-apps/${encodeURIComponent(id)}/versions`, customAppVersionListResponseSchema, { signal })).versions;
}

export const appVersionsQuery = (id: string) =>
  queryOptions({ queryKey: customAppKeys.versions(id), queryFn: ({ signal }) => getAppVersions(id, signal), retry: false });

export const useAppVersions = (id: string) => useQuery(appVersionsQuery(id));
