import { customAppSchema, type CustomApp } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/custom-apps/{id}: one app (another user's personal app is a 404). */
export function getCustomApp(id: string, signal?: AbortSignal): Promise<CustomApp> {
  return apiClients().api.get(`custom-apps/${encodeURIComponent(id)}`, customAppSchema, { signal });
}

export const customAppQuery = (id: string) => queryOptions({ queryKey: customAppKeys.one(id), queryFn: ({ signal }) => getCustomApp(id, signal), retry: false });

/** Whether a path segment can be an app's id (a uuid); anything else is not an app, asked for or not. */
export const isAppId = (id: string | undefined): id is string => id !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const useCustomApp = (id: string | undefined) => useQuery({ ...customAppQuery(id ?? ''), enabled: isAppId(id) });
