import {
  conversationImportResponseSchema,
  conversationListResponseSchema,
  conversationSchema,
  conversationSearchResponseSchema,
  messageListResponseSchema,
  streamEventSchema,
  type Conversation,
  type ConversationSnapshot,
  type ConversationSearchResult,
  type ConversationUpdate,
  type ExportedConversation,
  type Message,
  type MessagePayloadInput,
  type StreamEvent,
} from '@assistant/contracts';
import { apiClients, type HttpClient } from '@assistant/platform';
import type { ChatHistoryScope, ScopedChatHistory } from './chat-history';

// The conversation calls of docs/chat.md (SPEC section 7); every answer is checked against the contract.

const conversationPath = (id: string) => `conversations/${encodeURIComponent(id)}`;
const nameQuery = (name: string) => `name=${encodeURIComponent(name)}`;

/** The server's history is one for whoever is signed in (the cache is emptied when that changes). */
export const SERVER_SCOPE: ChatHistoryScope = { kind: 'server' };

/**
 * Conversations kept by the server, through the platform's /api client (bearer token, timeout,
 * the spec's GET retries). `client` is read at every call, so tests and a re-initialised platform
 * are picked up.
 */
export function createServerHistory(client: () => HttpClient = () => apiClients().api): ScopedChatHistory {
  return {
    kind: 'server',
    scope: SERVER_SCOPE,
    async listConversations(signal?: AbortSignal): Promise<Conversation[]> {
      return (await client().get('conversations', conversationListResponseSchema, { signal })).conversations;
    },
    async searchConversations(query: string, signal?: AbortSignal): Promise<ConversationSearchResult[]> {
      const path = `conversations/search?q=${encodeURIComponent(query)}`;
      return (await client().get(path, conversationSearchResponseSchema, { signal })).conversations;
    },
    createConversation(name: string): Promise<Conversation> {
      // The spec's call takes the name in the query, with no body.
      return client().post(`conversations?${nameQuery(name)}`, undefined, conversationSchema);
    },
    async renameConversation(id: string, name: string): Promise<Conversation> {
      return (await client().patch(`${conversationPath(id)}?${nameQuery(name)}`, undefined, conversationSchema))!;
    },
    async updateConversation(id: string, changes: ConversationUpdate): Promise<Conversation> {
      return (await client().patch(conversationPath(id), changes, conversationSchema))!;
    },
    async deleteConversation(id: string): Promise<void> {
      await client().delete(conversationPath(id));
    },
    async listMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
      return (await client().get(`${conversationPath(conversationId)}/messages`, messageListResponseSchema, { signal })).messages;
    },
    sendMessage(conversationId: string, payload: MessagePayloadInput, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
      return client().stream(`${conversationPath(conversationId)}/messages/v2`, payload, streamEventSchema, signal);
    },
    // The server takes the snapshot of its own conversation when it is shared.
    shareableId: (conversationId: string) => Promise.resolve(conversationId),
    continueShared(snapshot: ConversationSnapshot): Promise<Conversation> {
      return client().post(`shared/conversations/${encodeURIComponent(snapshot.id)}/continue`, undefined, conversationSchema);
    },
    async importConversations(conversations: readonly ExportedConversation[]): Promise<Conversation[]> {
      return (await client().post('conversations/import', { conversations }, conversationImportResponseSchema)).conversations;
    },
  };
}
