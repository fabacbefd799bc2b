import type { Conversation } from '@assistant/contracts';
import { useMutation, useQueryClient } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import type { ChatHistory, ScopedChatHistory } from '../../history';

/** `POST /api/conversations?name=` (answer checked with `conversationSchema`), or a new one in this browser. */
export function createConversation(history: ChatHistory, name: string): Promise<Conversation> {
  return history.createConversation(name);
}

/**
 * Makes a conversation: it goes to the top of the list at once, then the list is asked again
 * (which also drops a reload that started before the change and would have shown the list without it).
 */
export function useCreateConversation(history: ScopedChatHistory) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createConversation(history, name),
    onSuccess: (created) => {
      const queryKey = conversationKeys.list(history.scope);
      client.setQueryData<Conversation[]>(queryKey, (list = []) => [created, ...list.filter((c) => c.id !== created.id)]);
      void client.invalidateQueries({ queryKey });
    },
  });
}
