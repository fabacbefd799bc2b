import { notifyError, useMutation, useQuery, useQueryClient } from '@assistant/platform';
import { useCallback, useEffect, useState } from 'react';
import { toolServerKeys } from '@assistant/endpoints';
import { pickedToolServersQuery } from '../api/get-picked-tool-servers';
import { savePickedToolServers } from '../api/save-picked-tool-servers';

const NONE: readonly string[] = [];

/**
 * The tool servers picked for a conversation, kept by the server per conversation (its owner's),
 * so reopening it, a reload or another browser shows the same pick and the questions go with it.
 * A change shows at once and is saved; when saving fails the user is told and the stored pick is
 * read again. A new conversation keeps its pick here until its first question or file created it,
 * then saves it.
 */
export function usePickedToolServers(conversationId: string | undefined, enabled: boolean): [readonly string[], (serverIds: string[]) => void] {
  const queryClient = useQueryClient();
  const [unsaved, setUnsaved] = useState<readonly string[]>(NONE);
  const stored = useQuery({ ...pickedToolServersQuery(conversationId ?? ''), enabled: enabled && conversationId !== undefined });
  const save = useMutation({
    mutationFn: ({ id, serverIds }: { id: string; serverIds: readonly string[] }) => savePickedToolServers(id, serverIds),
    // A read still under way (the conversation just opened or was created) must not overwrite the new pick.
    onMutate: async ({ id, serverIds }) => {
      await queryClient.cancelQueries({ queryKey: toolServerKeys.picked(id) });
      queryClient.setQueryData(toolServerKeys.picked(id), [...serverIds]);
    },
    onError: (error, { id }) => {
      notifyError(error);
      void queryClient.invalidateQueries({ queryKey: toolServerKeys.picked(id) });
    },
  });
  const { mutate } = save;

  // The conversation was just created (this view stays the same for it): its pick goes to the server.
  useEffect(() => {
    if (conversationId === undefined || unsaved.length === 0) return;
    mutate({ id: conversationId, serverIds: unsaved });
    setUnsaved(NONE);
  }, [conversationId, unsaved, mutate]);

  const setPicked = useCallback(
    (serverIds: string[]) => {
      if (conversationId === undefined) setUnsaved(serverIds);
      else mutate({ id: conversationId, serverIds });
    },
    [conversationId, mutate],
  );
  const picked = conversationId === undefined || unsaved.length > 0 ? unsaved : (stored.data ?? NONE);
  return [picked, setPicked];
}
