import { customAppListResponseSchema, type CustomApp } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

export const customAppKeys = {
  all: ['custom-apps'] as const,
};

/** GET /api/custom-apps: the user's personal apps and the company's, by name (docs/custom-apps.md). */
export async function getCustomApps(signal?: AbortSignal): Promise<CustomApp[]> {
  return (await apiClients().api.get('custom-apps', customAppListResponseSchema, { signal })).apps;
}

export const customAppsQuery = () => queryOptions({ queryKey: customAppKeys.all, queryFn: ({ signal }) => getCustomApps(signal) });

/** Only asked when a custom app could open somewhere (the registry names the use-case remote). */
export const useCustomAppsQuery = (enabled: boolean) => useQuery({ ...customAppsQuery(), enabled });
