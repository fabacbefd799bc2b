import { z } from 'zod';
import { toolEventSchema } from './chat-events';
import { isoDateTimeSchema, nonEmptyStringSchema, uuidSchema } from './common';
import { conversationNameSchema, messageAttachmentSchema, messageStatusSchema } from './conversations';
import { highlightedSourcesItemSchema } from './in-context-sources';

/**
 * A shared conversation (docs/chat.md "Sharing a conversation"): a read-only snapshot taken when
 * its owner shares it (PUT /api/shares/conversation/{id}), taken again whenever they share it
 * again, and removed when they stop sharing it. Whom it reaches is the shares' business
 * (sharing.ts); what they read is this.
 *
 * - GET /api/shared/conversations/{id}: the snapshot, for its owner and whom it is shared with
 *   (404 for everyone else, administrators included).
 * - POST /api/shared/conversations/{id}/continue: a new conversation of the caller with the
 *   snapshot's messages (201, the conversation).
 * - GET /api/shared/conversations/{id}/files/{fileId}: an attachment's bytes, when the owner
 *   shared the attachments with the snapshot.
 * - POST /api/shared/conversations: a conversation kept in the browser (flag
 *   `enableLocalChatHistory`) is sent to the server to be shared; the same browser conversation
 *   sent again replaces its snapshot's content.
 */

/** The longest text of one snapshot message: an answer may be as long as MAX_ANSWER_CHARACTERS' default. */
export const SNAPSHOT_MESSAGE_MAX_CHARACTERS = 200_000;
/** At most this many messages in a snapshot (the branch shown, root first). */
export const SNAPSHOT_MAX_MESSAGES = 500;

/** An answer's sources as the owner's view showed them: what backs and what contradicts it, with the marked passages. */
export const snapshotSourcesSchema = z.array(highlightedSourcesItemSchema);

/** One message of a snapshot, as its recipients read it (never rendered as HTML: the chat's safe Markdown, or plain text). */
export const snapshotMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: messageStatusSchema,
  created_at: isoDateTimeSchema,
  /** The language model that wrote an answer. */
  model: nonEmptyStringSchema.optional(),
  reasoning: z.string().optional(),
  /** The answer's tool steps (the documents it searched and found). */
  tool_events: z.array(toolEventSchema).optional(),
  /** The answer's judged sources with their marks, when they were computed at the moment of sharing. */
  sources: snapshotSourcesSchema.optional(),
  /** The files a question was sent with: only when the owner shared the attachments. */
  attachments: z.array(messageAttachmentSchema).optional(),
});
export type SnapshotMessage = z.infer<typeof snapshotMessageSchema>;

/** GET /api/shared/conversations/{id}. */
export const conversationSnapshotSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  owner: z.object({ sub: z.string(), name: z.string() }),
  /** The caller is its owner (who may share it again or stop sharing it). */
  is_owner: z.boolean(),
  /** The conversation lives in its owner's browser; the server keeps only this copy. */
  kept_in_browser: z.boolean(),
  include_attachments: z.boolean(),
  taken_at: isoDateTimeSchema,
  messages: z.array(snapshotMessageSchema),
});
export type ConversationSnapshot = z.infer<typeof conversationSnapshotSchema>;

/** One message of a browser-kept conversation sent to be shared: text only, no tool steps, sources or files. */
export const snapshotUploadMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant'], { error: 'Must be one of: user, assistant' }),
  content: z.string().max(SNAPSHOT_MESSAGE_MAX_CHARACTERS, `Must not be longer than ${SNAPSHOT_MESSAGE_MAX_CHARACTERS} characters`),
  status: messageStatusSchema.default('complete'),
  created_at: isoDateTimeSchema.optional(),
  model: nonEmptyStringSchema.max(200).optional(),
});
export type SnapshotUploadMessage = z.infer<typeof snapshotUploadMessageSchema>;

/** POST /api/shared/conversations: a browser-kept conversation's branch, root first. */
export const conversationSnapshotUploadSchema = z.strictObject({
  /** The browser's id of the conversation: sending it again replaces the same snapshot's content. */
  local_conversation_id: uuidSchema,
  title: conversationNameSchema,
  messages: z
    .array(snapshotUploadMessageSchema)
    .min(1, 'Must hold at least one message')
    .max(SNAPSHOT_MAX_MESSAGES, `Must not hold more than ${SNAPSHOT_MAX_MESSAGES} messages`),
});
export type ConversationSnapshotUpload = z.infer<typeof conversationSnapshotUploadSchema>;
export type ConversationSnapshotUploadInput = z.input<typeof conversationSnapshotUploadSchema>;

/** The answer of POST /api/shared/conversations: the snapshot's id, which the shares name. */
export const conversationSnapshotCreatedSchema = z.object({ id: uuidSchema });

/** Params of the snapshot routes. */
export const snapshotParamsSchema = z.object({ id: uuidSchema });
export const snapshotFileParamsSchema = z.object({ id: uuidSchema, fileId: uuidSchema });
