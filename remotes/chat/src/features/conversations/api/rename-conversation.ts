import type { Conversation } from '@assistant/contracts';
import { ApiRequestError, useMutation, useQueryClient } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import type { ChatHistory, ScopedChatHistory } from '../../history';
import { sortConversations } from '../model/sort-conversations';

/** `PATCH /api/conversations/{id}?name=` (answer checked with `conversationSchema`), or the same in this browser. */
export function renameConversation(history: ChatHistory, id: string, name: string): Promise<Conversation> {
  return history.renameConversation(id, name);
}

/**
 * Renames a conversation: the list shows the new name (and order, by `updated_at`) at once, then
 * is asked again. A 404 (gone meanwhile) reloads the list, so the gone one disappears.
 */
export function useRenameConversation(history: ScopedChatHistory) {
  const client = useQueryClient();
  const queryKey = conversationKeys.list(history.scope);
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameConversation(history, id, name),
    onSuccess: (renamed) => {
      client.setQueryData<Conversation[]>(queryKey, (list) => list && sortConversations(list.map((c) => (c.id === renamed.id ? renamed : c))));
      void client.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'not_found') void client.invalidateQueries({ queryKey });
    },
  });
}
