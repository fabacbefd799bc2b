import type { Conversation } from '@assistant/contracts';
import { queryOptions, RequestAbortedError, useQuery } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import type { ChatHistory, ScopedChatHistory } from '../../history';
import { sortConversations } from '../model/sort-conversations';

/**
 * The user's conversations, most recently updated first: `GET /api/conversations` checked with
 * the contract's `conversationListResponseSchema` (server history), or this browser's (local
 * history). Aborting `signal` (the query's: the list left the screen) stops the request.
 */
export async function getConversations(history: ChatHistory, signal?: AbortSignal): Promise<Conversation[]> {
  try {
    return sortConversations(await history.listConversations(signal));
  } catch (error) {
    if (!(error instanceof RequestAbortedError) && !signal?.aborted) console.error(error);
    throw error;
  }
}

export const conversationsQuery = (history: ScopedChatHistory) =>
  queryOptions({ queryKey: conversationKeys.list(history.scope), queryFn: ({ signal }) => getConversations(history, signal) });

export const useConversationsQuery = (history: ScopedChatHistory) => useQuery(conversationsQuery(history));
