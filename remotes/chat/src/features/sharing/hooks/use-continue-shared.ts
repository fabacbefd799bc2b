import type { Conversation, ConversationSnapshot } from '@assistant/contracts';
import { useMutation, useQueryClient } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import type { ScopedChatHistory } from '../../history';

/**
 * "Continue in my own chat": a new conversation of the user's history (the server's, or this
 * browser's) with the snapshot's messages; the conversation list then shows it.
 */
export function useContinueShared(history: ScopedChatHistory) {
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, ConversationSnapshot>({
    mutationFn: (snapshot) => history.continueShared(snapshot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.list(history.scope) }),
  });
}
