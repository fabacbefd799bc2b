import type { Conversation } from '@assistant/contracts';
import { RequestAbortedError, useLocale } from '@assistant/platform';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ChatHistory } from '../../history/chat-history';
import { describeConversationError } from '../model/describe-conversation-error';

export type ConversationsStatus = 'loading' | 'ready' | 'failed';

export interface ConversationsState {
  status: ConversationsStatus;
  /** Most recently updated first. */
  conversations: Conversation[];
  /** Why the list could not be loaded (status failed). */
  error: string | undefined;
  /** A new load is under way while the last answer stays on screen. */
  reloading: boolean;
}

export interface UseConversations extends ConversationsState {
  reload(): void;
  /** A conversation just made: it goes to the top. */
  added(conversation: Conversation): void;
  /** A conversation just changed (renamed): replaces the old one, the order follows `updated_at`. */
  replaced(conversation: Conversation): void;
  removed(id: string): void;
}

const initial: ConversationsState = { status: 'loading', conversations: [], error: undefined, reloading: false };
const byLatest = (list: Conversation[]) => [...list].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));

/**
 * The user's conversations from `history`, loaded on mount, when the history changes and on
 * reload(); a load still running then is aborted. A failed reload keeps the list on screen.
 */
export function useConversations(history: ChatHistory): UseConversations {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const [state, setState] = useState<ConversationsState>(initial);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    history.listConversations(controller.signal).then(
      (conversations) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', conversations: byLatest(conversations), error: undefined, reloading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof RequestAbortedError) return;
        console.error(error);
        const { message } = describeConversationError(error, t, language);
        setState((current) =>
          current.status === 'ready' ? { ...current, reloading: false } : { status: 'failed', conversations: [], error: message, reloading: false },
        );
      },
    );
    return () => controller.abort();
    // t and language only word the failure; a language switch needs no new load.
  }, [history, attempt]);

  const reload = useCallback(() => {
    setState((current) => ({ ...current, reloading: true }));
    setAttempt((n) => n + 1);
  }, []);
  const added = useCallback((conversation: Conversation) => {
    setState((current) => ({ ...current, status: 'ready', conversations: [conversation, ...current.conversations.filter((c) => c.id !== conversation.id)] }));
  }, []);
  const replaced = useCallback((conversation: Conversation) => {
    setState((current) => ({ ...current, conversations: byLatest(current.conversations.map((c) => (c.id === conversation.id ? conversation : c))) }));
  }, []);
  const removed = useCallback((id: string) => {
    setState((current) => ({ ...current, conversations: current.conversations.filter((c) => c.id !== id) }));
  }, []);

  return { ...state, reload, added, replaced, removed };
}
