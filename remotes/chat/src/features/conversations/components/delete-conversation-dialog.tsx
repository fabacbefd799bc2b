import type { Conversation } from '@assistant/contracts';
import { ConfirmDialog } from '@assistant/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { MutationResult } from '../hooks/use-conversation-mutations';

export interface DeleteConversationDialogProps {
  conversation: Conversation;
  onConfirm(): Promise<MutationResult>;
  onClose(): void;
}

/**
 * "Delete conversation?" as an alert dialog that says its messages go with it; focus starts on
 * Cancel. A failure keeps it open and says why. Mount it when it opens.
 */
export function DeleteConversationDialog({ conversation, onConfirm, onClose }: DeleteConversationDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const mounted = useRef(true);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    setError(undefined);
    const result = await onConfirm();
    if (!mounted.current) return;
    if (result.ok || result.gone) {
      onClose();
      return;
    }
    setDeleting(false);
    setError(result.failure.message);
  };

  return (
    <ConfirmDialog
      open
      danger
      title={t('conversations.delete.title')}
      message={t('conversations.delete.message', { name: conversation.name })}
      confirmLabel={t('conversations.delete.confirm')}
      cancelLabel={t('conversations.dialog.cancel')}
      loading={deleting}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {error && (
        <p role="alert" className="chat-conversations__dialog-error">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
