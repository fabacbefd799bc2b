import { conversationSearchWords, type ConversationSearchResult } from '@assistant/contracts';
import { keepPreviousData, queryOptions, RequestAbortedError, skipToken, useQuery } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';
import type { ChatHistory, ScopedChatHistory } from '../../history';

/**
 * The user's conversations whose name or messages hold every word of `query`, most recently
 * updated first, with a snippet of the first matching message: `GET /api/conversations/search?q=`
 * checked with `conversationSearchResponseSchema` (server history), or this browser's IndexedDB
 * (local history). Aborting `signal` stops the request.
 */
export async function searchConversations(history: ChatHistory, query: string, signal?: AbortSignal): Promise<ConversationSearchResult[]> {
  try {
    return await history.searchConversations(query, signal);
  } catch (error) {
    if (!(error instanceof RequestAbortedError) && !signal?.aborted) console.error(error);
    throw error;
  }
}

/**
 * One search, keyed by its words (so "Tram  lisbon" and "tram lisbon" share an answer); none for
 * a blank query. While the next words load, the last answer stays (placeholder), so the list does
 * not flash empty as the user types.
 */
export const conversationSearchQuery = (history: ScopedChatHistory, query: string) => {
  const words = conversationSearchWords(query);
  return queryOptions({
    queryKey: conversationKeys.search(history.scope, words),
    queryFn: words.length === 0 ? skipToken : ({ signal }) => searchConversations(history, words.join(' '), signal),
    placeholderData: keepPreviousData,
  });
};

export const useConversationSearchQuery = (history: ScopedChatHistory, query: string) => useQuery(conversationSearchQuery(history, query));
