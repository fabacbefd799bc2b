import { CONVERSATION_NAME_MAX_LENGTH, conversationNameSchema, type Conversation } from '@assistant/contracts';
import { NameDialog } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { MutationResult } from '../hooks/use-conversation-mutations';

export interface RenameConversationDialogProps {
  conversation: Conversation;
  /** Sends the checked, trimmed name; the dialog stays open with the input when it fails. */
  onSubmit(name: string): Promise<MutationResult>;
  onClose(): void;
}

/**
 * "Rename conversation": one name field, starting with the current name selected, checked with
 * the contract's rule (trimmed, 1 to 200 characters). Mount it when it opens.
 */
export function RenameConversationDialog({ conversation, onSubmit, onClose }: RenameConversationDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <NameDialog
      title={t('conversations.rename.title')}
      label={t('conversations.rename.label')}
      submitLabel={t('conversations.rename.submit')}
      cancelLabel={t('conversations.dialog.cancel')}
      closeLabel={t('conversations.dialog.close')}
      initialName={conversation.name}
      check={(value) => {
        const checked = conversationNameSchema.safeParse(value);
        if (checked.success) return { name: checked.data };
        return { error: value.trim() === '' ? t('conversations.rename.empty') : t('conversations.rename.tooLong', { max: CONVERSATION_NAME_MAX_LENGTH }) };
      }}
      onSubmit={async (name) => {
        const result = await onSubmit(name);
        if (result.ok || result.gone) return { done: true };
        return result.failure.kind === 'invalid' ? { fieldError: result.failure.message } : { formError: result.failure.message };
      }}
      onClose={onClose}
    />
  );
}
