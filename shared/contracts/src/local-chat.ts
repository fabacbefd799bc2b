import { z } from 'zod';
import { uuidSchema } from './common';
import { MESSAGE_MAX_CHARACTERS, messagePayloadSchema } from './conversations';

/**
 * POST /api/chat/stream: an answer for a conversation kept in the browser (flag
 * `enableLocalChatHistory`). The client sends the branch that leads to the new message; the server
 * streams the answer in the same envelope as POST conversations/{id}/messages/v2 and stores
 * nothing (docs/chat.md "Conversations kept in the browser").
 */

/** At most this many earlier messages go with a request (the server cuts them further by length). */
export const LOCAL_CHAT_HISTORY_MAX_MESSAGES = 500;

/** One earlier message of the branch, root first. */
export const localChatHistoryMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant'], { error: 'Must be one of: user, assistant' }),
  content: z.string().max(MESSAGE_MAX_CHARACTERS, `Must not be longer than ${MESSAGE_MAX_CHARACTERS} characters`),
});
export type LocalChatHistoryMessage = z.infer<typeof localChatHistoryMessageSchema>;

export const localChatRequestSchema = z.strictObject({
  /** The new message; `message_id` (client-made) becomes the `user_message_id` of the answer. */
  payload: messagePayloadSchema,
  /** The branch before the new message, root first (empty for a first message). */
  history: z
    .array(localChatHistoryMessageSchema)
    .max(LOCAL_CHAT_HISTORY_MAX_MESSAGES, `Must not hold more than ${LOCAL_CHAT_HISTORY_MAX_MESSAGES} messages`)
    .default([]),
  /**
   * The browser's id of the conversation, echoed in the `message` event (the server does not know
   * it otherwise); a fresh one when absent.
   */
  conversation_id: uuidSchema.optional(),
  /** A client-made id for the answer, echoed as `assistant_message_id`; a fresh one when absent. */
  assistant_message_id: uuidSchema.optional(),
  /**
   * A temporary chat (kept nowhere, docs/chat-ui.md "Temporary chat"): the server records its
   * usage as counts only and logs no ids of it.
   */
  temporary: z.literal(true).optional(),
});
export type LocalChatRequest = z.infer<typeof localChatRequestSchema>;
export type LocalChatRequestInput = z.input<typeof localChatRequestSchema>;
