import type { Conversation } from '@assistant/contracts';
import { ApiRequestError, useMutation, useQueryClient } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import type { ChatHistory, ScopedChatHistory } from '../../history';

/** `DELETE /api/conversations/{id}` (204; the messages go with it), or the same in this browser. */
export function deleteConversation(history: ChatHistory, id: string): Promise<void> {
  return history.deleteConversation(id);
}

/**
 * Deletes a conversation: it leaves the list at once (also when it was gone already: 404), its
 * messages leave the cache, and the list is asked again.
 */
export function useDeleteConversation(history: ScopedChatHistory) {
  const client = useQueryClient();
  const { scope } = history;
  const forget = (id: string) => {
    const queryKey = conversationKeys.list(scope);
    client.setQueryData<Conversation[]>(queryKey, (list) => list?.filter((c) => c.id !== id));
    client.removeQueries({ queryKey: conversationKeys.messages(scope, id) });
    void client.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn: (id: string) => deleteConversation(history, id),
    onSuccess: (_nothing, id) => forget(id),
    onError: (error, id) => {
      if (error instanceof ApiRequestError && error.code === 'not_found') forget(id);
    },
  });
}
