import { useShareDialog } from '@assistant/endpoints';
import { LocalizedError, notifyError, useMutation, useQueryClient } from '@assistant/platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { conversationKeys } from '../../../query-keys';
import type { ScopedChatHistory } from '../../history';
import { forgetUnsharedCopy } from '../api/forget-unshared-copy';

/**
 * The share button's state: opening asks the history for the id the conversation is shared under
 * (a browser-kept conversation is sent to the server first, which keeps that copy), then the share
 * dialog works on it. Closing the dialog of a browser-kept conversation that ended up shared with
 * nobody removes its copy from the server again.
 */
export function useShareConversation(history: ScopedChatHistory, conversationId: string) {
  const { t } = useTranslation(NAMESPACE);
  const queryClient = useQueryClient();
  const [itemId, setItemId] = useState<string>();
  const prepare = useMutation({
    mutationFn: () => history.shareableId(conversationId),
    onSuccess: setItemId,
    onError: () => notifyError(new LocalizedError(t('sharing.prepareFailed'))),
  });
  const dialog = useShareDialog('conversation', itemId ?? conversationId, { enabled: itemId !== undefined });
  const local = history.kind === 'local';
  return {
    dialog,
    isOpen: itemId !== undefined,
    preparing: prepare.isPending,
    /** The conversation lives in this browser: sharing stores a copy on the server (the dialog says so). */
    local,
    open: () => {
      if (!prepare.isPending) prepare.mutate();
    },
    close: () => {
      if (local && itemId !== undefined) void forgetUnsharedCopy(itemId).catch(() => undefined);
      setItemId(undefined);
      // The list says with whom each conversation is shared.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    },
  };
}
