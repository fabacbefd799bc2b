import type { Conversation } from '@assistant/contracts';
import { useQueryClient } from '@assistant/platform';
import { Button, EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ConversationView } from '../features/conversation/components/conversation-view';
import { ConversationList } from '../features/conversations/components/conversation-list';
import { useConversationMutations } from '../features/conversations/hooks/use-conversation-mutations';
import { useConversations } from '../features/conversations/hooks/use-conversations';
import { useChatHistory, type ScopedChatHistory } from '../features/history';
import { NAMESPACE } from '../namespace';
import { conversationKeys } from '../query-keys';
import './chat-page.css';

/**
 * /chat and /chat/{conversationId}: the conversation list beside the open conversation (or, with
 * none open, a start screen). The conversations are the server's, or this browser's with the
 * flag enableLocalChatHistory (features/history).
 */
export default function ChatPage() {
  const { t } = useTranslation(NAMESPACE);
  const chat = useChatHistory();
  return (
    <div className="remote-page chat-page">
      <PageHeader title={t('title')} />
      {chat.status === 'loading' && <Loading label={t('page.loading')} fill />}
      {chat.status === 'failed' && <ErrorState title={t('page.noUser.title')} message={t('page.noUser.text')} />}
      {chat.status === 'ready' && <ChatWorkspace history={chat.history} />}
    </div>
  );
}

function ChatWorkspace({ history }: { history: ScopedChatHistory }) {
  const { t } = useTranslation(NAMESPACE);
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const basePath = useChatBasePath(conversationId);
  const list = useConversations(history);
  const mutations = useConversationMutations(history);
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const { scope } = history;

  // An exchange changed the conversation: the list shows its new order, and after the first
  // answer the title the server made (the local history's name after the first question).
  const conversationChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: conversationKeys.list(scope) }),
    [queryClient, scope],
  );

  const startNew = useCallback(async () => {
    if (creating) return;
    setCreating(true);
    const result = await mutations.create(t('page.newConversationName'));
    setCreating(false);
    if (result.ok) void navigate(`${basePath}/${encodeURIComponent(result.value.id)}`);
  }, [creating, mutations, navigate, basePath, t]);

  const onDeleted = useCallback(
    (conversation: Conversation) => {
      if (conversation.id === conversationId) void navigate(basePath);
    },
    [conversationId, navigate, basePath],
  );

  return (
    <div className="chat-page__layout">
      <ConversationList
        list={list}
        mutations={mutations}
        basePath={basePath}
        openId={conversationId}
        onNew={() => void startNew()}
        creating={creating}
        onDeleted={onDeleted}
      />
      <section className="chat-page__conversation" aria-label={t('page.conversationRegion')}>
        {conversationId ? (
          <ConversationView key={conversationId} history={history} conversationId={conversationId} onConversationChanged={conversationChanged} />
        ) : (
          <EmptyState
            title={t('page.start.title')}
            text={t('page.start.text')}
            action={
              <Button onClick={() => void startNew()} loading={creating}>
                {t('page.start.action')}
              </Button>
            }
          />
        )}
      </section>
    </div>
  );
}

/**
 * Where the chat page is mounted (/chat unless the host mounts it elsewhere): the current path
 * without the open conversation's id. Links are made from it rather than relative to the route,
 * which below the host's splat route would resolve against the open conversation's path.
 */
function useChatBasePath(conversationId: string | undefined): string {
  const { pathname } = useLocation();
  const trimmed = pathname.replace(/\/+$/, '');
  return conversationId ? trimmed.slice(0, trimmed.lastIndexOf('/')) : trimmed;
}
