import type { Conversation } from '@assistant/contracts';
import { LocalizedError, errorMessageText, notifyError, notifySuccess, useLocale, useMutation, useQueryClient } from '@assistant/platform';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { conversationKeys, projectKeys } from '../../../query-keys';
import type { ScopedChatHistory } from '../../history';

/**
 * Moves a conversation into a project or out of it (PATCH conversations/{id} with `project_id`,
 * through the history), says so, and asks for the lists again. Answers whether it worked.
 */
export function useFileIntoProject(history: ScopedChatHistory) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const client = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ id, projectId }: { id: string; projectId: string | null }) => history.updateConversation(id, { project_id: projectId }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: conversationKeys.lists }), client.invalidateQueries({ queryKey: projectKeys.all })]),
  });
  return useCallback(
    async (conversation: Pick<Conversation, 'id' | 'name'>, project: { id: string; name: string } | null, quiet = false): Promise<boolean> => {
      try {
        await mutateAsync({ id: conversation.id, projectId: project?.id ?? null });
        if (!quiet) {
          const text = project ? t('projects.move.done', { name: conversation.name, project: project.name }) : t('projects.move.removed', { name: conversation.name });
          notifySuccess({ message: { text } });
        }
        return true;
      } catch (error) {
        notifyError(new LocalizedError(t('projects.move.failed', { name: conversation.name, reason: errorMessageText(error, language) })));
        return false;
      }
    },
    [mutateAsync, t, language],
  );
}
