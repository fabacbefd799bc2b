import type { Message } from '@assistant/contracts';
import { queryOptions, RequestAbortedError, useQuery } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import type { ChatHistory, ScopedChatHistory } from '../../history';

/**
 * Every message of every branch of a conversation, oldest first, without system messages:
 * `GET /api/conversations/{id}/messages` checked with the contract's `messageListResponseSchema`
 * (server history), or this browser's (local history). Aborting `signal` (the query's: the
 * conversation left the screen) stops the request.
 */
export async function getMessages(history: ChatHistory, conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  try {
    return (await history.listMessages(conversationId, signal)).filter((message) => message.role !== 'system');
  } catch (error) {
    if (!(error instanceof RequestAbortedError) && !signal?.aborted) console.warn('Loading the messages failed', error);
    throw error;
  }
}

export const messagesQuery = (history: ScopedChatHistory, conversationId: string) =>
  queryOptions({
    queryKey: conversationKeys.messages(history.scope, conversationId),
    queryFn: ({ signal }) => getMessages(history, conversationId, signal),
  });

export const useMessagesQuery = (history: ScopedChatHistory, conversationId: string) => useQuery(messagesQuery(history, conversationId));
