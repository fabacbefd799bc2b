import { CONVERSATION_SEARCH_MAX_LENGTH, conversationSearchWords, type ConversationSearchResult } from '@assistant/contracts';
import { useLocale, useQueryClient } from '@assistant/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { conversationKeys } from '../../../query-keys';
import type { ScopedChatHistory } from '../../history';
import { useConversationsQuery } from '../api/get-conversations';
import { useConversationSearchQuery } from '../api/search-conversations';
import { describeConversationError } from '../model/describe-conversation-error';

/** How long the search box waits after the last keystroke before it asks. */
export const SEARCH_DELAY_MS = 250;

export interface UseConversationSearch {
  /** The query has words: the list shows the search's results instead of every conversation. */
  active: boolean;
  /** loading: nothing to show yet; ready: `results` answer the words typed (or an earlier query's while `pending`). */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Most recently updated first, each with a snippet of its first matching message where one matched. */
  results: ConversationSearchResult[];
  /** The last keystrokes are not searched yet (waiting, or loading with the last results on screen). */
  pending: boolean;
  /** Why the search failed (status failed), in the interface language. */
  error: string | undefined;
  retry(): void;
}

const NONE: ConversationSearchResult[] = [];

/**
 * Searches the conversations of `history` by their names and their messages' text as the user types
 * (after SEARCH_DELAY_MS, at most CONVERSATION_SEARCH_MAX_LENGTH characters): the server's search for
 * server-kept conversations, this browser's IndexedDB for browser-kept ones (api/search-conversations).
 * When the list changes (new, rename, delete, an answer stored), the searches are asked again.
 */
export function useConversationSearch(history: ScopedChatHistory, query: string): UseConversationSearch {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const typed = query.slice(0, CONVERSATION_SEARCH_MAX_LENGTH);
  const [settled, setSettled] = useState(typed);
  const blank = conversationSearchWords(typed).length === 0;
  useEffect(() => {
    if (blank) {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, blank]);

  const search = useConversationSearchQuery(history, blank ? '' : settled);
  const { refetch } = search;
  const retry = useCallback(() => void refetch(), [refetch]);

  // The list changed: what matches may have too.
  const client = useQueryClient();
  const listUpdatedAt = useConversationsQuery(history).dataUpdatedAt;
  const seenUpdate = useRef(listUpdatedAt);
  useEffect(() => {
    if (seenUpdate.current === listUpdatedAt) return;
    const first = seenUpdate.current === 0;
    seenUpdate.current = listUpdatedAt;
    // The list's first load is no change: a search running beside it already sees the same.
    if (!first) void client.invalidateQueries({ queryKey: conversationKeys.searches(history.scope) });
  }, [client, history.scope, listUpdatedAt]);

  if (blank) return { active: false, status: 'idle', results: NONE, pending: false, error: undefined, retry };
  const waiting = conversationSearchWords(settled).join(' ') !== conversationSearchWords(typed).join(' ');
  if (search.isError && !search.isFetching) {
    return { active: true, status: 'failed', results: NONE, pending: waiting, error: describeConversationError(search.error, t, language).message, retry };
  }
  if (search.data) return { active: true, status: 'ready', results: search.data, pending: waiting || search.isPlaceholderData, error: undefined, retry };
  return { active: true, status: 'loading', results: NONE, pending: true, error: undefined, retry };
}
