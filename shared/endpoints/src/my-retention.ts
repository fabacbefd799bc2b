import { myRetentionResponseSchema, type MyRetentionResponse } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';

/** How long the signed-in user's data is kept (the shell's "Usage and data" page, the chat's conversation list). */
export const myRetentionKeys = {
  all: ['retention', 'me'] as const,
};

/** GET /api/me/retention: days each kind of the user's data is kept (null: until they delete it). */
export function getMyRetention(signal?: AbortSignal): Promise<MyRetentionResponse> {
  return apiClients().api.get('me/retention', myRetentionResponseSchema, { signal });
}

/** The policy changes rarely (an administrator's setting): once a session is enough, also for the chat's list. */
export const myRetentionQuery = () =>
  queryOptions({ queryKey: myRetentionKeys.all, queryFn: ({ signal }) => getMyRetention(signal), staleTime: 10 * 60_000 });
