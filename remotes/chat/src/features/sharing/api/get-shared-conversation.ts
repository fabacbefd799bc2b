import { conversationSnapshotSchema, type ConversationSnapshot } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { sharedConversationKeys } from '../../../query-keys';

export const sharedConversationPath = (id: string) => `shared/conversations/${encodeURIComponent(id)}`;

/** GET /api/shared/conversations/{id}: the read-only snapshot (404 when it is not, or no longer, shared with the user). */
export function getSharedConversation(id: string, signal?: AbortSignal): Promise<ConversationSnapshot> {
  return apiClients().api.get(sharedConversationPath(id), conversationSnapshotSchema, { signal });
}

export const sharedConversationQuery = (id: string) =>
  queryOptions({ queryKey: sharedConversationKeys.one(id), queryFn: ({ signal }) => getSharedConversation(id, signal) });
