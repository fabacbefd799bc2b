import type { Conversation } from '@assistant/contracts';
import { LocalizedError, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ChatHistory } from '../../history/chat-history';
import { describeConversationError, type ConversationFailure } from '../model/describe-conversation-error';
import type { UseConversations } from './use-conversations';

/** How a change went. On failure a dialog stays open and shows `failure`; `gone`: nothing left to change. */
export type MutationFailure = { ok: false; failure: ConversationFailure; gone: boolean };
export type MutationResult<T = undefined> = { ok: true; value: T } | MutationFailure;

export interface ConversationMutations {
  create(name: string): Promise<MutationResult<Conversation>>;
  rename(conversation: Conversation, name: string): Promise<MutationResult>;
  remove(conversation: Conversation): Promise<MutationResult>;
}

type ListUpdates = Pick<UseConversations, 'added' | 'replaced' | 'removed' | 'reload'>;

/**
 * New, rename and delete through the history: each updates the list from the answer. Failures
 * are notified (a dialog also shows them); rename and delete say so when they succeed.
 */
export function useConversationMutations(history: ChatHistory, list: ListUpdates): ConversationMutations {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const { added, replaced, removed, reload } = list;

  const failed = useCallback(
    (error: unknown, textKey: string, values: Record<string, unknown>): MutationFailure => {
      const failure = describeConversationError(error, t, language);
      if (failure.kind === 'other') console.error(error);
      notifyError(new LocalizedError(t(textKey, { ...values, reason: failure.message })));
      return { ok: false, failure, gone: failure.kind === 'not-found' };
    },
    [t, language],
  );

  const create = useCallback(
    async (name: string): Promise<MutationResult<Conversation>> => {
      try {
        const conversation = await history.createConversation(name);
        added(conversation);
        return { ok: true, value: conversation };
      } catch (error) {
        return { ...failed(error, 'conversations.create.failed', {}), gone: false };
      }
    },
    [history, added, failed],
  );

  const rename = useCallback(
    async (conversation: Conversation, name: string): Promise<MutationResult> => {
      try {
        const renamed = await history.renameConversation(conversation.id, name);
        replaced(renamed);
        notifySuccess({ message: { text: t('conversations.rename.success', { name: renamed.name }) } });
        return { ok: true, value: undefined };
      } catch (error) {
        const result = failed(error, 'conversations.rename.failed', { name: conversation.name });
        if (result.gone) reload();
        return result;
      }
    },
    [history, replaced, reload, failed, t],
  );

  const remove = useCallback(
    async (conversation: Conversation): Promise<MutationResult> => {
      try {
        await history.deleteConversation(conversation.id);
        removed(conversation.id);
        notifySuccess({ message: { text: t('conversations.delete.success', { name: conversation.name }) } });
        return { ok: true, value: undefined };
      } catch (error) {
        const result = failed(error, 'conversations.delete.failed', { name: conversation.name });
        if (result.gone) removed(conversation.id);
        return result;
      }
    },
    [history, removed, failed, t],
  );

  return { create, rename, remove };
}
