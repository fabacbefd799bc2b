import type { Conversation } from '@assistant/contracts';
import { useLocale } from '@assistant/platform';
import { useMemo } from 'react';
import { filterConversations } from '../model/filter-conversations';
import { useConversationSearch } from './use-conversation-search';
import type { UseConversations } from './use-conversations';

/**
 * The conversations of `list` the search box's `query` finds, newest first: at once those whose
 * name holds every word (ignoring case and accents, model/filter-conversations), and, once the
 * history's search answered these words, also those whose messages hold them
 * (hooks/use-conversation-search: the server's search, or this browser's IndexedDB). Every
 * conversation for a blank query. A failed search leaves the name matches.
 */
export function useConversationMatches(list: UseConversations, query: string): Conversation[] {
  const language = useLocale();
  const byName = useMemo(() => filterConversations(list.conversations, query, language), [list.conversations, query, language]);
  const search = useConversationSearch(list.history, query);
  const found = search.status === 'ready' && !search.pending ? search.results : undefined;
  return useMemo(() => {
    if (!found) return byName;
    const ids = new Set([...byName, ...found].map((conversation) => conversation.id));
    return list.conversations.filter((conversation) => ids.has(conversation.id));
  }, [byName, found, list.conversations]);
}
