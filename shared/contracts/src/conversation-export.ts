import { z } from 'zod';
import { toolEventSchema } from './chat-events';
import { isoDateTimeSchema, nonEmptyStringSchema } from './common';
import { conversationNameSchema, conversationSchema, messageStatusSchema, MESSAGE_MAX_LIST_ENTRIES } from './conversations';
import { SNAPSHOT_MESSAGE_MAX_CHARACTERS } from './conversation-snapshots';
import { exportDocumentHead } from './export-document';
import { highlightedSourcesItemSchema } from './in-context-sources';

/**
 * A user's conversations as a file of their own (docs/chat-ui.md "Export and import"): what the
 * chat's "Export → JSON" writes (one conversation, every branch, each answer's sources) and what
 * "Import" reads back, from this portal or, converted in the browser, from ChatGPT's data export.
 *
 * - POST /api/conversations/import (201): a batch of such conversations becomes new conversations
 *   of the caller, with new ids (the file's ids only tie parents to children).
 *
 * The file's ids are its own: a message names its parent by the file's id, and parents come before
 * their children, so every file describes a tree (branches included) without cycles.
 */

export const CONVERSATION_EXPORT_FORMAT = 'assistant.conversations';
export const CONVERSATION_EXPORT_FORMAT_VERSION = 1;

/** The largest file the import reads (a ChatGPT export of a busy account is tens of megabytes). */
export const CONVERSATION_IMPORT_MAX_FILE_BYTES = 64 * 1024 * 1024;
/** At most this many conversations are taken from one file; the rest are reported as left out. */
export const CONVERSATION_IMPORT_MAX_CONVERSATIONS = 1_000;
/** At most this many messages (all branches) in one conversation of a file. */
export const CONVERSATION_IMPORT_MAX_MESSAGES = 2_000;
/** The longest text of one message (an answer may be as long as a shared one). */
export const CONVERSATION_IMPORT_MESSAGE_MAX_CHARACTERS = SNAPSHOT_MESSAGE_MAX_CHARACTERS;
/** One request of the import: at most this many conversations... */
export const CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS = 25;
/** ...and at most this many characters of JSON together (a conversation larger than this is not imported). */
export const CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS = 8_000_000;

const FILE_ID_MAX_LENGTH = 200;
const fileIdSchema = z.string().min(1, 'Must not be empty').max(FILE_ID_MAX_LENGTH, `Must not be longer than ${FILE_ID_MAX_LENGTH} characters`);
const textSchema = z
  .string()
  .max(CONVERSATION_IMPORT_MESSAGE_MAX_CHARACTERS, `Must not be longer than ${CONVERSATION_IMPORT_MESSAGE_MAX_CHARACTERS} characters`);

/** One message of an exported conversation. */
export const exportedMessageSchema = z.strictObject({
  /** The message's id in this file (the portal writes its own ids; an import makes new ones). */
  id: fileIdSchema,
  /** The message it follows (its id in this file), null for a first message. */
  parent_id: fileIdSchema.nullable(),
  role: z.enum(['user', 'assistant'], { error: 'Must be one of: user, assistant' }),
  content: textSchema,
  created_at: isoDateTimeSchema,
  status: messageStatusSchema,
  model: nonEmptyStringSchema.optional(),
  reasoning: textSchema.optional(),
  /** An answer's tool steps as it streamed them: the documents searched and found, each with its source number. */
  tool_events: z.array(toolEventSchema).max(100, 'Must not hold more than 100 tool events').optional(),
  /** An answer's judged sources (supporting, conflicting, with the marked passages), when they were computed. */
  sources: z.array(highlightedSourcesItemSchema).max(20, 'Must not hold more than 20 items').optional(),
  /** The files a question was sent with, by name (the files themselves are not in the file). */
  attachments: z
    .array(z.strictObject({ name: z.string().max(255, 'Must not be longer than 255 characters') }))
    .max(MESSAGE_MAX_LIST_ENTRIES, `Must not hold more than ${MESSAGE_MAX_LIST_ENTRIES} entries`)
    .optional(),
});
export type ExportedMessage = z.infer<typeof exportedMessageSchema>;

/** One conversation: its name and dates, every message of every branch, parents first. */
export const exportedConversationSchema = z
  .strictObject({
    name: conversationNameSchema,
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
    /** The last message of the branch that was shown (absent: the newest message's branch). */
    current_message_id: fileIdSchema.optional(),
    messages: z
      .array(exportedMessageSchema)
      .min(1, 'Must hold at least one message')
      .max(CONVERSATION_IMPORT_MAX_MESSAGES, `Must not hold more than ${CONVERSATION_IMPORT_MAX_MESSAGES} messages`),
  })
  .superRefine((conversation, ctx) => {
    const seen = new Set<string>();
    conversation.messages.forEach((message, index) => {
      if (seen.has(message.id)) ctx.addIssue({ code: 'custom', message: 'Must not use an id twice', path: ['messages', index, 'id'] });
      if (message.parent_id !== null && !seen.has(message.parent_id)) {
        ctx.addIssue({ code: 'custom', message: 'Must name an earlier message of the conversation', path: ['messages', index, 'parent_id'] });
      }
      seen.add(message.id);
    });
    if (conversation.current_message_id !== undefined && !seen.has(conversation.current_message_id)) {
      ctx.addIssue({ code: 'custom', message: 'Must name a message of the conversation', path: ['current_message_id'] });
    }
  });
export type ExportedConversation = z.infer<typeof exportedConversationSchema>;

/** The file: the head (format, version, date) and the conversations. */
export const conversationExportSchema = z.strictObject({
  ...exportDocumentHead(CONVERSATION_EXPORT_FORMAT, CONVERSATION_EXPORT_FORMAT_VERSION),
  conversations: z
    .array(exportedConversationSchema)
    .min(1, 'Must hold at least one conversation')
    .max(CONVERSATION_IMPORT_MAX_CONVERSATIONS, `Must not hold more than ${CONVERSATION_IMPORT_MAX_CONVERSATIONS} conversations`),
});
export type ConversationExport = z.infer<typeof conversationExportSchema>;

/**
 * What a message keeps between the chat and a file, both ways: the status (an answer still
 * streaming is stopped: nothing will finish it), and the model, reasoning and tool steps where it
 * has them.
 */
export function keptMessageFields(message: Pick<ExportedMessage, 'status' | 'model' | 'reasoning' | 'tool_events'>): Pick<ExportedMessage, 'status' | 'model' | 'reasoning' | 'tool_events'> {
  return {
    status: message.status === 'streaming' ? 'stopped' : message.status,
    ...(message.model ? { model: message.model } : {}),
    ...(message.reasoning ? { reasoning: message.reasoning } : {}),
    ...(message.tool_events?.length ? { tool_events: message.tool_events } : {}),
  };
}

/** How many characters a conversation takes in an import request (its JSON). */
export function importedSizeOf(conversation: ExportedConversation): number {
  return JSON.stringify(conversation).length;
}

/** POST /api/conversations/import: one batch of conversations, each to become a new conversation of the caller. */
export const conversationImportRequestSchema = z
  .strictObject({
    conversations: z
      .array(exportedConversationSchema)
      .min(1, 'Must hold at least one conversation')
      .max(CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS, `Must not hold more than ${CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS} conversations`),
  })
  .refine(
    (request) => request.conversations.reduce((sum, conversation) => sum + importedSizeOf(conversation), 0) <= CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS,
    { message: `Must not be longer than ${CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS} characters of JSON together`, path: ['conversations'] },
  );
export type ConversationImportRequest = z.infer<typeof conversationImportRequestSchema>;

/** The answer of POST /api/conversations/import: the new conversations, in the request's order. */
export const conversationImportResponseSchema = z.object({ conversations: z.array(conversationSchema) });
export type ConversationImportResponse = z.infer<typeof conversationImportResponseSchema>;
