import type { Conversation, ConversationSearchResult, ConversationSnapshot, ConversationUpdate, ExportedConversation, Message, MessagePayloadInput, StreamEvent } from '@assistant/contracts';

/**
 * Where the conversations of the signed-in user live. The screens use only this, so the same
 * screens serve both kinds (SPEC flag `enableLocalChatHistory`):
 *
 * - `server`: the API's conversations (docs/chat.md); the server stores both messages of an
 *   exchange and streams the answer.
 * - `local`: kept in this browser for this user only (IndexedDB, keyed by the user's `sub`); the
 *   server streams the answer from the branch the client sends and stores nothing.
 *
 * Every call rejects with the platform's error classes (ApiRequestError, RequestAbortedError ...).
 */
export interface ChatHistory {
  readonly kind: 'server' | 'local';
  /** The user's conversations, most recently updated first. */
  listConversations(signal?: AbortSignal): Promise<Conversation[]>;
  /**
   * The conversations whose name or message text holds every word of `query` (any order, ignoring
   * case; system messages left out), most recently updated first, each with a snippet of its first
   * message holding a word (conversationSearchWords / conversationSearchSnippet of the contracts).
   * A blank query rejects like the server's 400.
   */
  searchConversations(query: string, signal?: AbortSignal): Promise<ConversationSearchResult[]>;
  createConversation(name: string): Promise<Conversation>;
  renameConversation(id: string, name: string): Promise<Conversation>;
  /** Pins, archives or moves a conversation into a project (null: out of it); the order stays. */
  updateConversation(id: string, changes: ConversationUpdate): Promise<Conversation>;
  deleteConversation(id: string): Promise<void>;
  /** Every message of every branch, oldest first (the tree is built from parent_message_id). */
  listMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]>;
  /**
   * Sends a question and yields the answer's stream envelope events (`message` first with the
   * stored ids, `stream_text` on the `reasoning`/`answer` channels, `intent`, then `done` or
   * `error`). Aborting `signal` stops the answer; what arrived is kept as `stopped`. The
   * payload's `message_id` (client-made) identifies the question; `parent_message_id` places it
   * in the tree (docs/chat.md "The message tree").
   */
  sendMessage(conversationId: string, payload: MessagePayloadInput, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>>;
  /**
   * The id a conversation is shared under (docs/chat.md "Sharing a conversation"): the server's
   * conversation's own; a browser-kept one first sends its newest branch to the server (POST
   * shared/conversations), which keeps that copy for the colleagues, and answers the copy's id
   * (sending the same conversation again replaces the copy).
   */
  shareableId(conversationId: string): Promise<string>;
  /** "Continue in my own chat": a new conversation in this history with a shared conversation's messages. */
  continueShared(snapshot: ConversationSnapshot): Promise<Conversation>;
  /**
   * Imports conversations of an export file (docs/chat-ui.md "Export and import") as new ones of
   * this history, with new ids, every branch and tool step kept; answers them in order.
   */
  importConversations(conversations: readonly ExportedConversation[]): Promise<Conversation[]>;
}

/**
 * Which history, and whose: the server's, or this browser's for one user. It is part of every
 * query key of the chat's server data (src/query-keys.ts), so switching the history or the user
 * never shows the other's conversations, not even for a moment. The server's needs no user: it
 * answers only the signed-in user, and the platform empties the cache when the user changes.
 */
export type ChatHistoryScope =
  | { readonly kind: 'server' }
  | { readonly kind: 'local'; readonly user: string }
  /** A temporary chat's (docs/chat-ui.md "Temporary chat"): kept in this tab's memory, one per chat. */
  | { readonly kind: 'temporary'; readonly chat: string };

/** A history with its scope: what the screens get from useChatHistory. */
export interface ScopedChatHistory extends ChatHistory {
  readonly scope: ChatHistoryScope;
}
