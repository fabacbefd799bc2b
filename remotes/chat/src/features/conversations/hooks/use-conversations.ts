import type { Conversation } from '@assistant/contracts';
import { useLocale } from '@assistant/platform';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ScopedChatHistory } from '../../history';
import { useConversationsQuery } from '../api/get-conversations';
import { describeConversationError } from '../model/describe-conversation-error';

export type ConversationsStatus = 'loading' | 'ready' | 'failed';

export interface UseConversations {
  status: ConversationsStatus;
  /** Most recently updated first. */
  conversations: Conversation[];
  /** Why the list could not be loaded (status failed), in the interface language. */
  error: string | undefined;
  /** A new load is under way while the last answer (or failure) stays on screen. */
  reloading: boolean;
  reload(): void;
  /** The history listed (its search: hooks/use-conversation-matches). */
  history: ScopedChatHistory;
}

const NONE: Conversation[] = [];

/**
 * The conversations of `history` as the list shows them: loading, ready (also when a reload
 * failed: the last list stays) or failed with its reason. Loading, aborting, caching and the
 * reloads after changes are the query's (api/get-conversations).
 */
export function useConversations(history: ScopedChatHistory): UseConversations {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const { data, error, isError, isFetching, refetch } = useConversationsQuery(history);
  const reload = useCallback(() => void refetch(), [refetch]);
  if (data) return { status: 'ready', conversations: data, error: undefined, reloading: isFetching, reload, history };
  if (isError) {
    return { status: 'failed', conversations: NONE, error: describeConversationError(error, t, language).message, reloading: isFetching, reload, history };
  }
  return { status: 'loading', conversations: NONE, error: undefined, reloading: false, reload, history };
}
