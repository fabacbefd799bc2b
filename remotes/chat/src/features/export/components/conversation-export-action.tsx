import type { Conversation } from '@assistant/contracts';
import { Button } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useChatHistory } from '../../history';
import { ExportConversationDialog } from './export-conversation-dialog';

export interface ConversationExportActionProps {
  conversation: Conversation;
  /** The menu's close: closes it (focus back on its button), then runs `then`. */
  close(then: () => void): void;
}

/** "Export…" in a conversation's menu: opens the export dialog (Markdown, JSON, PDF) for it, in either history. */
export function ConversationExportAction({ conversation, close }: ConversationExportActionProps) {
  const { t } = useTranslation(NAMESPACE);
  const chat = useChatHistory();
  const [open, setOpen] = useState(false);
  if (chat.status !== 'ready') return null;
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={t('export.menuNamed', { name: conversation.name })} onClick={() => close(() => setOpen(true))}>
        {t('export.menu')}
      </Button>
      {open && <ExportConversationDialog history={chat.history} conversation={conversation} onClose={() => setOpen(false)} />}
    </>
  );
}
