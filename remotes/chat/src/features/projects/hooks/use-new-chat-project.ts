import { useSearchParams } from '@assistant/routing';
import { useCallback } from 'react';
import type { ScopedChatHistory } from '../../history';
import { useFileIntoProject } from './use-file-into-project';

/** The search parameter of a new chat started in a project: /chat?project={id}. */
export const PROJECT_PARAM = 'project';

/** Where "New chat in this project" goes: the chat's new conversation, with the project named. */
export const newChatInProjectPath = (chatPath: string, projectId: string) => `${chatPath}?${PROJECT_PARAM}=${encodeURIComponent(projectId)}`;

/**
 * The project a new conversation is started in (/chat?project={id}; the server's history only),
 * and `fileNew`, which files the conversation the first question created into it before the
 * question is sent, so that its first answer already has the project's instructions and files.
 */
export function useNewChatProject(history: ScopedChatHistory) {
  const [params] = useSearchParams();
  const projectId = history.kind === 'server' ? (params.get(PROJECT_PARAM) ?? undefined) : undefined;
  const fileInto = useFileIntoProject(history);
  const fileNew = useCallback(
    async (conversation: { id: string; name: string }) => {
      if (projectId !== undefined) await fileInto(conversation, { id: projectId, name: '' }, true);
    },
    [projectId, fileInto],
  );
  return { projectId, fileNew };
}
