import type { Conversation, Message, MessagePayloadInput, StreamEvent } from '@assistant/contracts';

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
  createConversation(name: string): Promise<Conversation>;
  renameConversation(id: string, name: string): Promise<Conversation>;
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
}
