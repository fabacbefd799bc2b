import { sharedWithMeResponseSchema, type SharedWithMeResponse } from '@assistant/contracts';
import { apiClients, queryOptions, useMutation, useQuery, useQueryClient } from '@assistant/platform';
import { putVoid } from './put-void';

/** What was shared with the signed-in user (the header's bell and its list). */
export const sharedWithMeKeys = {
  all: ['shared-with-me'] as const,
};

/** How often the bell asks again while the portal is open (and whenever the window gets focus). */
export const SHARED_WITH_ME_POLL_MS = 60_000;

/** GET /api/shared-with-me: newest first, with how many are new since the user last looked. */
export function getSharedWithMe(signal?: AbortSignal): Promise<SharedWithMeResponse> {
  return apiClients().api.get('shared-with-me', sharedWithMeResponseSchema, { signal });
}

export const sharedWithMeQuery = () =>
  queryOptions({
    queryKey: sharedWithMeKeys.all,
    queryFn: ({ signal }) => getSharedWithMe(signal),
    refetchInterval: SHARED_WITH_ME_POLL_MS,
    refetchOnWindowFocus: true,
  });

export const useSharedWithMeQuery = () => useQuery(sharedWithMeQuery());

/** PUT /api/shared-with-me/seen: everything listed so far counts as seen (the badge goes to 0). */
export async function markSharedWithMeSeen(): Promise<void> {
  await putVoid('shared-with-me/seen');
}

/** Marks the list seen: the badge drops at once, and the list is asked again for the server's word. */
export function useMarkSharedWithMeSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markSharedWithMeSeen,
    onMutate: () => {
      client.setQueryData<SharedWithMeResponse>(sharedWithMeKeys.all, (answer) =>
        answer ? { ...answer, unseen: 0, items: answer.items.map((item) => ({ ...item, unseen: false })) } : answer,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: sharedWithMeKeys.all }),
  });
}
