import { myUsageResponseSchema, type MyUsageResponse } from '@assistant/contracts';
import { apiClients, queryOptions, useMutation, useQueryClient } from '@assistant/platform';
import { putVoid } from './put-void';

/** The signed-in user's usage this month and budget (the shell's "Usage and data" page and its 80 % notice). */
export const usageKeys = {
  all: ['usage'] as const,
  me: ['usage', 'me'] as const,
};

/**
 * How often the shell asks again while the portal is open (and whenever the window gets focus):
 * the notice may wait a few minutes, the server's figures are batched anyway.
 */
export const MY_USAGE_POLL_MS = 5 * 60_000;

/** GET /api/usage/me: this month's usage by feature and model, the budget, and whether the 80 % notice is due. */
export function getMyUsage(signal?: AbortSignal): Promise<MyUsageResponse> {
  return apiClients().api.get('usage/me', myUsageResponseSchema, { signal });
}

export const myUsageQuery = () =>
  queryOptions({
    queryKey: usageKeys.me,
    queryFn: ({ signal }) => getMyUsage(signal),
    refetchInterval: MY_USAGE_POLL_MS,
    refetchOnWindowFocus: true,
  });

/** PUT /api/usage/me/notice-seen: the 80 % notice was shown; the server does not say it is due again this month. */
export async function markBudgetNoticeSeen(): Promise<void> {
  await putVoid('usage/me/notice-seen');
}

/** Marks the notice shown: `notice_due` drops at once (so it is not shown twice), then the server's word is asked. */
export function useMarkBudgetNoticeSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markBudgetNoticeSeen,
    onMutate: () => {
      client.setQueryData<MyUsageResponse>(usageKeys.me, (answer) => (answer ? { ...answer, notice_due: false } : answer));
    },
    onSettled: () => client.invalidateQueries({ queryKey: usageKeys.me }),
  });
}
