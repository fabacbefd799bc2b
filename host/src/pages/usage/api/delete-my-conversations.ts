import { deletedConversationsResponseSchema } from '@assistant/contracts';
import { conversationKeysRoot } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** DELETE /api/me/conversations: all the user's conversations on the server, at once; how many went. */
export async function deleteMyConversations(): Promise<number> {
  return (await apiClients().api.delete('me/conversations', deletedConversationsResponseSchema))?.deleted ?? 0;
}

/**
 * Deletes them; afterwards every conversation query of the chat (its list, searches, messages,
 * files: all keyed under the chat's root) is asked again, so an open chat shows an empty list.
 */
export function useDeleteMyConversations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMyConversations,
    onSettled: () => client.invalidateQueries({ queryKey: conversationKeysRoot }),
  });
}
