import { customAppListResponseSchema, type CustomApp } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { customAppKeys } from './keys';

/** GET /api/custom-apps: the user's own personal apps and the company's, by name. */
export async function getCustomApps(signal?: AbortSignal): Promise<CustomApp[]> {
  return (await apiClients().api.get('custom-apps', customAppListResponseSchema, { signal })).apps;
}

export const customAppsQuery = () => queryOptions({ queryKey: customAppKeys.list(), queryFn: ({ signal }) => getCustomApps(signal) });

export const useCustomApps = () => useQuery(customAppsQuery());
