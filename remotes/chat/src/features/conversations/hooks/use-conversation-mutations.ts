import type { Conversation, ConversationUpdate } from '@assistant/contracts';
import { LocalizedError, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ScopedChatHistory } from '../../history';
import { useCreateConversation } from '../api/create-conversation';
import { useDeleteConversation } from '../api/delete-conversation';
import { useRenameConversation } from '../api/rename-conversation';
import { useUpdateConversation } from '../api/update-conversation';
import { describeConversationError, type ConversationFailure } from '../model/describe-conversation-error';

/** How a change went. On failure a dialog stays open and shows `failure`; `gone`: nothing left to change. */
export type MutationFailure = { ok: false; failure: ConversationFailure; gone: boolean };
export type MutationResult<T = undefined> = { ok: true; value: T } | MutationFailure;

export interface ConversationMutations {
  create(name: string): Promise<MutationResult<Conversation>>;
  rename(conversation: Conversation, name: string): Promise<MutationResult>;
  remove(conversation: Conversation): Promise<MutationResult>;
  /** Pin or unpin, archive or unarchive (one change at a time: its notice says which). */
  organize(conversation: Conversation, change: OrganizeChange): Promise<MutationResult>;
}

/** The list's organizing changes, each one of the PATCH body's fields. */
export type OrganizeChange = Required<Pick<ConversationUpdate, 'pinned'>> | Required<Pick<ConversationUpdate, 'archived'>>;

/** The notice's text key of a change: conversations.organize.{pinned,unpinned,archived,unarchived}. */
function organizeKey(change: OrganizeChange): string {
  if ('pinned' in change) return change.pinned ? 'pinned' : 'unpinned';
  return change.archived ? 'archived' : 'unarchived';
}

/**
 * New, rename, delete, pin and archive, as the list's buttons and dialogs use them: the mutations (api/) keep
 * the cached list right; here failures are notified (a dialog also shows them) and rename and
 * delete say so when they succeed.
 */
export function useConversationMutations(history: ScopedChatHistory): ConversationMutations {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const { mutateAsync: createAsync } = useCreateConversation(history);
  const { mutateAsync: renameAsync } = useRenameConversation(history);
  const { mutateAsync: removeAsync } = useDeleteConversation(history);
  const { mutateAsync: updateAsync } = useUpdateConversation(history);

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
        return { ok: true, value: await createAsync(name) };
      } catch (error) {
        return { ...failed(error, 'conversations.create.failed', {}), gone: false };
      }
    },
    [createAsync, failed],
  );

  const rename = useCallback(
    async (conversation: Conversation, name: string): Promise<MutationResult> => {
      try {
        const renamed = await renameAsync({ id: conversation.id, name });
        notifySuccess({ message: { text: t('conversations.rename.success', { name: renamed.name }) } });
        return { ok: true, value: undefined };
      } catch (error) {
        return failed(error, 'conversations.rename.failed', { name: conversation.name });
      }
    },
    [renameAsync, failed, t],
  );

  const remove = useCallback(
    async (conversation: Conversation): Promise<MutationResult> => {
      try {
        await removeAsync(conversation.id);
        notifySuccess({ message: { text: t('conversations.delete.success', { name: conversation.name }) } });
        return { ok: true, value: undefined };
      } catch (error) {
        return failed(error, 'conversations.delete.failed', { name: conversation.name });
      }
    },
    [removeAsync, failed, t],
  );

  const organize = useCallback(
    async (conversation: Conversation, change: OrganizeChange): Promise<MutationResult> => {
      const key = organizeKey(change);
      try {
        await updateAsync({ id: conversation.id, changes: change });
        notifySuccess({ message: { text: t(`organize.done.${key}`, { name: conversation.name }) } });
        return { ok: true, value: undefined };
      } catch (error) {
        return failed(error, `organize.failed.${key}`, { name: conversation.name });
      }
    },
    [updateAsync, failed, t],
  );

  return { create, rename, remove, organize };
}
