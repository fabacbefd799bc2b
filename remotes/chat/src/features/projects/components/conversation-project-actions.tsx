import type { Conversation } from '@assistant/contracts';
import { Button } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useChatHistory, type ScopedChatHistory } from '../../history';
import { useFileIntoProject } from '../hooks/use-file-into-project';
import { MoveToProjectDialog } from './move-to-project-dialog';

export interface ConversationProjectActionsProps {
  conversation: Conversation;
  /** The menu's close: closes it (focus back on its button), then runs `then`. */
  close(then: () => void): void;
}

/**
 * "Move to project" and, for a conversation in one, "Remove from project": entries of a
 * conversation's menu (the server's history only; the browser-kept one has no projects).
 */
export function ConversationProjectActions({ conversation, close }: ConversationProjectActionsProps) {
  const chat = useChatHistory();
  return chat.status === 'ready' && chat.history.kind === 'server' ? <Actions conversation={conversation} close={close} history={chat.history} /> : null;
}

function Actions({ conversation, close, history }: ConversationProjectActionsProps & { history: ScopedChatHistory }) {
  const { t } = useTranslation(NAMESPACE);
  const [moving, setMoving] = useState(false);
  const fileInto = useFileIntoProject(history);
  const { name } = conversation;
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={t('projects.move.openNamed', { name })} onClick={() => close(() => setMoving(true))}>
        {t('projects.move.open')}
      </Button>
      {conversation.project_id && (
        <Button variant="ghost" size="sm" aria-label={t('projects.move.removeNamed', { name })} onClick={() => close(() => void fileInto(conversation, null))}>
          {t('projects.move.remove')}
        </Button>
      )}
      {moving && <MoveToProjectDialog history={history} conversation={conversation} onClose={() => setMoving(false)} />}
    </>
  );
}
