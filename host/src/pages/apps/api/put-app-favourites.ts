import { appFavouritesSchema } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { appFavouriteKeys } from './get-app-favourites';

/** PUT /api/apps/favourites: replaces the user's favourites and answers the stored list. */
export async function putAppFavourites(appIds: readonly string[], signal?: AbortSignal): Promise<string[]> {
  return (await apiClients().api.put('apps/favourites', { app_ids: appIds }, appFavouritesSchema, { signal })).app_ids;
}

export interface FavouriteToggle {
  id: string;
  /** true: make it a favourite; false: no longer one. */
  favourite: boolean;
  /** The whole list to store (the cached list with this one change). */
  next: string[];
  /** Where the id stood before it was removed (to put it back there on failure). */
  previousIndex: number;
  /** The app's name as shown, for messages about this toggle. */
  name?: string;
}

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The favourites with `id` added at the end or removed. */
export function toggledFavourites(current: readonly string[], id: string, favourite: boolean): FavouriteToggle {
  const previousIndex = current.findIndex((other) => sameId(other, id));
  const without = current.filter((other) => !sameId(other, id));
  return { id, favourite, next: favourite ? [...without, id] : without, previousIndex };
}

/** Takes back one toggle in the list as it is now (other toggles made meanwhile stay). */
function undo(current: readonly string[], toggle: FavouriteToggle): string[] {
  const without = current.filter((other) => !sameId(other, toggle.id));
  if (toggle.favourite) return without;
  const at = toggle.previousIndex < 0 ? without.length : Math.min(toggle.previousIndex, without.length);
  return [...without.slice(0, at), toggle.id, ...without.slice(at)];
}

/**
 * Stars and unstars an app, optimistically: the cached list changes at once; on failure this
 * toggle is taken back and `onFailure` runs (the page shows a notification). When the last
 * running toggle settles, the list is read again from the server.
 */
export function useToggleAppFavourite({ onFailure }: { onFailure?: (toggle: FavouriteToggle, error: unknown) => void } = {}) {
  const client = useQueryClient();
  const mutationKey = [...appFavouriteKeys.all, 'put'];
  return useMutation({
    mutationKey,
    mutationFn: (toggle: FavouriteToggle) => putAppFavourites(toggle.next),
    onMutate: async (toggle) => {
      await client.cancelQueries({ queryKey: appFavouriteKeys.all, exact: true });
      client.setQueryData<string[]>(appFavouriteKeys.all, toggle.next);
    },
    onError: (error, toggle) => {
      client.setQueryData<string[]>(appFavouriteKeys.all, (current) => undo(current ?? [], toggle));
      onFailure?.(toggle, error);
    },
    onSettled: async () => {
      if (client.isMutating({ mutationKey }) === 1) await client.invalidateQueries({ queryKey: appFavouriteKeys.all, exact: true });
    },
  });
}
