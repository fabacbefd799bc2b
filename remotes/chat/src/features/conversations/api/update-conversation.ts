import type { Conversation, ConversationUpdate } from '@assistant/contracts';
import { ApiRequestError, useMutation, useQueryClient } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import type { ChatHistory, ScopedChatHistory } from '../../history';

/** `PATCH /api/conversations/{id}` with the body (pin, archive, project), or the same in this browser. */
export function updateConversation(history: ChatHistory, id: string, changes: ConversationUpdate): Promise<Conversation> {
  return history.updateConversation(id, changes);
}

/**
 * Pins, archives or files a conversation: the list shows the change at once (the order stays: none
 * of these moves `updated_at`), then it is asked again (the searches follow the list:
 * hooks/use-conversation-search). A 404 (gone meanwhile) reloads the list, so the gone one leaves.
 */
export function useUpdateConversation(history: ScopedChatHistory) {
  const client = useQueryClient();
  const { scope } = history;
  const queryKey = conversationKeys.list(scope);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ConversationUpdate }) => updateConversation(history, id, changes),
    onSuccess: (updated) => {
      client.setQueryData<Conversation[]>(queryKey, (list) => list?.map((c) => (c.id === updated.id ? { ...updated, sharing: c.sharing } : c)));
      void client.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'not_found') void client.invalidateQueries({ queryKey });
    },
  });
}
