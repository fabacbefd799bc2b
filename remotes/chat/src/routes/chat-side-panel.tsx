import type { Conversation } from '@assistant/contracts';
import type { RemoteSidePanelProps } from '@assistant/platform';
import { useCallback } from 'react';
import { useLocation, useNavigate } from '@assistant/routing';
import { ConversationList } from '../features/conversations/components/conversation-list';
import { useConversationMutations } from '../features/conversations/hooks/use-conversation-mutations';
import { useConversations } from '../features/conversations/hooks/use-conversations';
import { useDownloadEvents } from '../features/developer';
import { useChatHistory, type ScopedChatHistory } from '../features/history';
import { newConversationState, openConversationOf } from './new-conversation';

/**
 * The chat's part of the shell's side panel (the module's `sidePanel`, docs/federation.md): the
 * conversation list under the navigation while a chat path is open. It shares the page's queries,
 * so a new title or order shows in both. Nothing while the history is not ready (the page says why).
 */
export default function ChatSidePanel({ routeBase }: RemoteSidePanelProps) {
  const chat = useChatHistory();
  return chat.status === 'ready' ? <ChatConversations history={chat.history} basePath={routeBase} /> : null;
}

function ChatConversations({ history, basePath }: { history: ScopedChatHistory; basePath: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openId = openConversationOf(pathname, basePath);
  const list = useConversations(history);
  const mutations = useConversationMutations(history);
  // Developer mode: a conversation's raw events (only the server's history keeps them).
  const downloadEvents = useDownloadEvents();
  const onNew = useCallback(() => void navigate(basePath, { state: newConversationState }), [navigate, basePath]);
  const onDeleted = useCallback(
    (conversation: Conversation) => {
      if (conversation.id === openId) void navigate(basePath);
    },
    [openId, navigate, basePath],
  );
  return (
    <ConversationList
      list={list}
      mutations={mutations}
      basePath={basePath}
      openId={openId}
      onNew={onNew}
      onDeleted={onDeleted}
      onDownloadEvents={history.kind === 'server' ? downloadEvents : undefined}
      showRetention={history.kind === 'server'}
    />
  );
}
