import { useDocumentTitle } from '@assistant/platform';
import { useLocation, useNavigate, useParams } from '@assistant/routing';
import { ErrorState, Loading } from '@assistant/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatHistory } from '../features/history';
import { SharedConversationView } from '../features/sharing';
import { NAMESPACE } from '../namespace';
// The shared messages look like the conversation's own.
import '../features/conversation/conversation.css';
import '../features/conversation/components/message-item.css';

/**
 * /chat/shared/{id} (docs/chat-ui.md "Sharing"): a conversation shared with the user, read-only,
 * with "Continue in my own chat" into the history the user keeps (the server's or this browser's).
 */
export default function SharedConversationRoute() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('sharing.page.title'));
  const { snapshotId = '' } = useParams();
  const navigate = useNavigate();
  const chat = useChatHistory();
  // The chat's base path (/chat unless the host mounts it elsewhere): this page is <base>/shared/<id>.
  const base = useLocation().pathname.replace(/\/shared\/[^/]*\/?$/, '');
  const open = useCallback(
    (conversationId?: string) => void navigate(conversationId ? `${base}/${encodeURIComponent(conversationId)}` : base),
    [navigate, base],
  );
  return (
    <div className="remote-page chat-shared">
      {chat.status === 'loading' && <Loading label={t('page.loading')} />}
      {chat.status === 'failed' && <ErrorState title={t('page.noUser.title')} message={t('page.noUser.text')} />}
      {chat.status === 'ready' && <SharedConversationView snapshotId={snapshotId} history={chat.history} onOpenConversation={open} />}
    </div>
  );
}
