import { getUser, hasAuth, useFlag } from '@assistant/platform';
import { useEffect, useMemo, useState } from 'react';
import type { ChatHistory, ChatHistoryScope, ScopedChatHistory } from './chat-history';
import { createLocalHistory } from './local-history';
import { createServerHistory } from './server-history';

export type UseChatHistory =
  | { status: 'loading'; history: undefined }
  | { status: 'ready'; history: ScopedChatHistory }
  /** Browser-kept history without a signed-in user: there is nobody to keep it for. */
  | { status: 'failed'; history: undefined };

/** The signed-in user's `sub` through the platform's auth; undefined when nobody is signed in. */
async function signedInSub(): Promise<string | undefined> {
  if (!hasAuth()) return undefined;
  return (await getUser())?.profile.sub || undefined;
}

/** `history` with its scope (the query keys' part that says which history and whose). */
export function withScope(history: ChatHistory, scope: ChatHistoryScope): ScopedChatHistory {
  return {
    kind: history.kind,
    scope,
    listConversations: (signal) => history.listConversations(signal),
    searchConversations: (query, signal) => history.searchConversations(query, signal),
    createConversation: (name) => history.createConversation(name),
    renameConversation: (id, name) => history.renameConversation(id, name),
    updateConversation: (id, changes) => history.updateConversation(id, changes),
    deleteConversation: (id) => history.deleteConversation(id),
    listMessages: (conversationId, signal) => history.listMessages(conversationId, signal),
    sendMessage: (conversationId, payload, signal) => history.sendMessage(conversationId, payload, signal),
    shareableId: (conversationId) => history.shareableId(conversationId),
    continueShared: (snapshot) => history.continueShared(snapshot),
    importConversations: (conversations) => history.importConversations(conversations),
  };
}

/**
 * The history the chat screens use: kept in this browser for the signed-in user when the flag
 * `enableLocalChatHistory` is on, otherwise the server's. Stable while the flag and the user stay.
 */
export function useChatHistory(): UseChatHistory {
  const local = useFlag('enableLocalChatHistory');
  const server = useMemo(() => createServerHistory(), []);
  const [sub, setSub] = useState<{ value: string | undefined } | undefined>(undefined);

  useEffect(() => {
    if (!local) return;
    let current = true;
    signedInSub().then(
      (value) => current && setSub({ value }),
      (error: unknown) => {
        console.error('The signed-in user could not be read', error);
        if (current) setSub({ value: undefined });
      },
    );
    return () => {
      current = false;
    };
  }, [local]);

  const localHistory = useMemo(
    () => (sub?.value ? withScope(createLocalHistory({ userSub: sub.value }), { kind: 'local', user: sub.value }) : undefined),
    [sub],
  );

  if (!local) return { status: 'ready', history: server };
  if (!sub) return { status: 'loading', history: undefined };
  if (!localHistory) return { status: 'failed', history: undefined };
  return { status: 'ready', history: localHistory };
}
