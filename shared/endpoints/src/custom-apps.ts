import { customAppListResponseSchema, type CustomApp } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';

/**
 * The keys of everything under /api/custom-apps. The shell's apps page and the use-cases remote
 * read the same list, so a change saved in the editor shows on the apps page without a reload.
 */
export const customAppKeys = {
  all: ['custom-apps'] as const,
  list: () => ['custom-apps', 'list'] as const,
  one: (id: string) => ['custom-apps', 'one', id] as const,
  versions: (id: string) => ['custom-apps', 'versions', id] as const,
  version: (id: string, version: number) => ['custom-apps', 'versions', id, version] as const,
};

/** GET /api/custom-apps: the user's own personal apps and the company's, by name (docs/custom-apps.md). */
export async function getCustomApps(signal?: AbortSignal): Promise<CustomApp[]> {
  return (await apiClients().api.get('custom-apps', customAppListResponseSchema, { signal })).apps;
}

export const customAppsQuery = () => queryOptions({ queryKey: customAppKeys.list(), queryFn: ({ signal }) => getCustomApps(signal) });
