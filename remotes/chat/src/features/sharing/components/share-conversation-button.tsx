import { Button, ShareDialog } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ScopedChatHistory } from '../../history';
import { useShareConversation } from '../hooks/use-share-conversation';
import './sharing.css';

export interface ShareConversationButtonProps {
  history: ScopedChatHistory;
  conversationId: string;
  /** The conversation's name, in the button's label and the dialog's title. */
  name: string;
}

/**
 * "Share" for the open conversation (docs/chat-ui.md "Sharing"): the portal's share dialog for
 * kind `conversation` (people and groups, view only, the attachments only when ticked, the
 * snapshot note). A browser-kept conversation is sent to the server first, and the dialog says
 * that a copy is stored there.
 */
export function ShareConversationButton({ history, conversationId, name }: ShareConversationButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const share = useShareConversation(history, conversationId);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-label={t('sharing.shareLabel', { name })}
        loading={share.preparing}
        onClick={share.open}
      >
        {t('sharing.share')}
      </Button>
      <ShareDialog
        {...share.dialog}
        open={share.isOpen}
        onClose={share.close}
        itemName={name}
        owner="you"
        renderNotice={share.local ? () => <p className="chat-sharing__copy-note">{t('sharing.localCopy')}</p> : undefined}
        // Without the attachments the snapshot names none of them (the server leaves them out).
        texts={{ includeAttachmentsHint: t('sharing.attachmentsHint') }}
      />
    </>
  );
}
