import type { Conversation } from '@assistant/contracts';
import { ActionConfirmDialog } from '@assistant/ui';
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
  return (
    <ActionConfirmDialog
      danger
      title={t('conversations.delete.title')}
      message={t('conversations.delete.message', { name: conversation.name })}
      confirmLabel={t('conversations.delete.confirm')}
      cancelLabel={t('conversations.dialog.cancel')}
      onConfirm={async () => {
        const result = await onConfirm();
        return result.ok || result.gone ? undefined : result.failure.message;
      }}
      onClose={onClose}
    />
  );
}
