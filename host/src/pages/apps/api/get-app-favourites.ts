import { appFavouritesSchema } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

export const appFavouriteKeys = {
  all: ['app-favourites'] as const,
};

/** GET /api/apps/favourites: the user's favourite apps in their order (docs/custom-apps.md). */
export async function getAppFavourites(signal?: AbortSignal): Promise<string[]> {
  return (await apiClients().api.get('apps/favourites', appFavouritesSchema, { signal })).app_ids;
}

export const appFavouritesQuery = () => queryOptions({ queryKey: appFavouriteKeys.all, queryFn: ({ signal }) => getAppFavourites(signal) });

export const useAppFavouritesQuery = () => useQuery(appFavouritesQuery());
