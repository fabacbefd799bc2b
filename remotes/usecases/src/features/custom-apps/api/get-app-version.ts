import { customAppVersionSchema, type CustomAppVersion } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/custom-apps/{id}/versions/{version}: one version with its definition (never changes once stored). */
export function getAppVersion(id: string, version: number, signal?: AbortSignal): Promise<CustomAppVersion> {
  return apiClients().api.get(`custom-apps/${encodeURIComponent(id)}/versions/${version}`, customAppVersionSchema, { signal });
}

export const appVersionQuery = (id: string, version: number) =>
  queryOptions({ queryKey: customAppKeys.version(id, version), queryFn: ({ signal }) => getAppVersion(id, version, signal), staleTime: Infinity });

/** One version; none asked for (undefined) before the first. */
export const useAppVersion = (id: string, version: number | undefined) =>
  useQuery({ ...appVersionQuery(id, version ?? 0), enabled: version !== undefined && version > 0 });
