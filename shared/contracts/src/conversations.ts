import { z } from 'zod';
import type { ApiErrorCode } from './api-error';
import { answerDetailsSchema } from './answer-details';
import { toolEventSchema } from './chat-events';
import { isoDateTimeSchema, mustBeOneOf, nonEmptyStringSchema, resourceIdSchema, uuidSchema } from './common';
import { itemSharingSchema } from './sharing';

/**
 * Conversations and their messages (SPEC section 7 calls under /api/conversations). The spec shows
 * only the message payload's field names; the shapes and limits here are this project's
 * (docs/contracts.md).
 */

export const CONVERSATION_NAME_MAX_LENGTH = 200;
/** Longest message a user may send, in characters. */
export const MESSAGE_MAX_CHARACTERS = 100_000;
/** At most this many entries in each list of a message payload (attachments, collections, server_ids). */
export const MESSAGE_MAX_LIST_ENTRIES = 20;
/**
 * How many characters of the earlier conversation go to the model with a new message (about 12 000
 * tokens): the server cuts every prompt's history to it, and the browser-kept history sends no
 * more than it (historyWithinBudget on both sides).
 */
export const HISTORY_MAX_CHARACTERS = 48_000;

/**
 * The part of a branch (root first) that goes to the model: user and assistant messages with text
 * (system messages and answers that failed without text are left out; a stopped answer counts
 * with what arrived), cut from the oldest end: the newest messages whose text fits into
 * `maxCharacters` together, and nothing older than the first one that does not fit.
 */
export function historyWithinBudget(
  branch: ReadonlyArray<{ role: MessageRole; content: string }>,
  maxCharacters: number = HISTORY_MAX_CHARACTERS,
): Array<{ role: 'user' | 'assistant'; content: string }> {
  const history: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  let budget = maxCharacters;
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    const { role, content } = branch[index]!;
    if (role === 'system' || !content) continue;
    budget -= content.length;
    if (budget < 0) break;
    history.unshift({ role, content });
  }
  return history;
}

/**
 * The refusals of conversation calls, the same from the server and from the history kept in the
 * browser (flag `enableLocalChatHistory`).
 */
export const CONVERSATION_ERRORS = {
  conversationNotFound: { statusCode: 404, code: 'not_found', message: 'No such conversation' },
  messageNotFound: { statusCode: 404, code: 'not_found', message: 'No such message in this conversation' },
  messageIdTaken: { statusCode: 409, code: 'conflict', message: 'message_id is already used by another message' },
  projectNotFound: { statusCode: 404, code: 'not_found', message: 'No such project' },
} as const satisfies Record<string, { statusCode: number; code: ApiErrorCode; message: string }>;

/** A conversation name: non-blank after trimming, at most 200 characters. */
export const conversationNameSchema = z
  .string()
  .trim()
  .min(1, 'Must not be empty')
  .max(CONVERSATION_NAME_MAX_LENGTH, `Must not be longer than ${CONVERSATION_NAME_MAX_LENGTH} characters`);

/** The query of POST /conversations?name= and PATCH /conversations/{id}?name=. */
export const conversationNameQuerySchema = z.object({ name: conversationNameSchema });
export type ConversationNameQuery = z.infer<typeof conversationNameQuerySchema>;
/** PATCH /conversations/{id}: the name is one change among others (conversationUpdateSchema). */
export const conversationRenameQuerySchema = z.object({ name: conversationNameSchema.optional() });

/** Also the answer of POST /conversations and PATCH /conversations/{id}. */
export const conversationSchema = z.object({
  id: uuidSchema,
  name: z.string().min(1, 'Must not be empty').max(CONVERSATION_NAME_MAX_LENGTH),
  created_at: isoDateTimeSchema,
  /** Moves when the conversation is renamed or gets a message; lists sort by it. */
  updated_at: isoDateTimeSchema,
  /** The agent its first message named (payload `personality`); absent: none (docs/agents.md). */
  agent_id: uuidSchema.optional(),
  /** GET /conversations: with whom the owner shared its snapshot (docs/sharing.md); absent elsewhere. */
  sharing: itemSharingSchema.optional(),
  /** Pinned to the top of the list (docs/chat-ui.md "Organize"); absent: not pinned. */
  pinned: z.literal(true).optional(),
  /** When it was pinned (with `pinned`): the pinned group shows the latest pin first. */
  pinned_at: isoDateTimeSchema.optional(),
  /** Archived: out of the list, in the archive (docs/chat-ui.md "Organize"); absent: not archived. */
  archived: z.literal(true).optional(),
  /** The project the conversation belongs to (docs/projects.md); absent: none. */
  project_id: uuidSchema.optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * The body of PATCH /conversations/{id} (beside or instead of `?name=`): pin, archive, move into a
 * project (a project of the user's own or one shared with them to edit) or out of it (null).
 */
export const conversationUpdateSchema = z
  .object({
    pinned: z.boolean().optional(),
    archived: z.boolean().optional(),
    project_id: uuidSchema.nullable().optional(),
  })
  .strict()
  .refine((update) => Object.values(update).some((value) => value !== undefined), 'Name at least one change');
export type ConversationUpdate = z.infer<typeof conversationUpdateSchema>;

/** GET /conversations: the user's own conversations, most recently updated first. */
export const conversationListResponseSchema = z.object({ conversations: z.array(conversationSchema) });
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

/** Longest search text of GET /conversations/search?q=, in characters. */
export const CONVERSATION_SEARCH_MAX_LENGTH = 200;
/** Longest snippet of a matching message a search answers, in characters (without the ellipses). */
export const CONVERSATION_SNIPPET_MAX_LENGTH = 120;

/** The query of GET /conversations/search?q=: non-blank after trimming, at most 200 characters. */
export const conversationSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Must not be empty')
    .max(CONVERSATION_SEARCH_MAX_LENGTH, `Must not be longer than ${CONVERSATION_SEARCH_MAX_LENGTH} characters`),
});
export type ConversationSearchQuery = z.infer<typeof conversationSearchQuerySchema>;

/** A conversation a search found; `snippet`: a piece of its first message that holds a searched word. */
export const conversationSearchResultSchema = conversationSchema.extend({
  snippet: z.string().max(CONVERSATION_SNIPPET_MAX_LENGTH + 2).optional(),
});
export type ConversationSearchResult = z.infer<typeof conversationSearchResultSchema>;

/** GET /conversations/search?q=: the user's conversations whose name or messages hold every word, most recently updated first. */
export const conversationSearchResponseSchema = z.object({ conversations: z.array(conversationSearchResultSchema) });
export type ConversationSearchResponse = z.infer<typeof conversationSearchResponseSchema>;

/**
 * The words of a search, as both histories match them: split at white space, lower case, each
 * once. A conversation matches when every word occurs (in any order, ignoring case) in its name
 * or in the text of one of its messages (not necessarily the same one).
 */
export function conversationSearchWords(query: string): string[] {
  return [...new Set(query.trim().toLowerCase().split(/\s+/).filter(Boolean))];
}

/**
 * The piece of `text` around the first of `words` that occurs in it (ignoring case), on one line,
 * at most CONVERSATION_SNIPPET_MAX_LENGTH characters, cut at words, with "…" where text was left
 * out; undefined when no word occurs.
 */
export function conversationSearchSnippet(text: string, words: readonly string[]): string | undefined {
  const flat = text.replace(/\s+/g, ' ');
  const lower = flat.toLowerCase();
  const positions = words.map((word) => lower.indexOf(word.toLowerCase())).filter((index) => index >= 0);
  if (positions.length === 0) return undefined;
  const at = Math.min(...positions);
  let start = Math.max(0, at - Math.floor(CONVERSATION_SNIPPET_MAX_LENGTH / 3));
  let end = Math.min(flat.length, start + CONVERSATION_SNIPPET_MAX_LENGTH);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > at) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

export const MESSAGE_ROLES = ['user', 'assistant', 'system'] as const;
export const messageRoleSchema = z.enum(MESSAGE_ROLES, { error: mustBeOneOf(MESSAGE_ROLES) });
export type MessageRole = z.infer<typeof messageRoleSchema>;

/**
 * complete: fully written. streaming: the answer is still being written (another tab may be
 * receiving it). stopped: the user stopped it, the content is what arrived. error: writing failed.
 */
export const MESSAGE_STATUSES = ['complete', 'streaming', 'stopped', 'error'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES, { error: mustBeOneOf(MESSAGE_STATUSES) });
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** A file a question was sent with: its id (the file record's fileId) and its name. */
export const messageAttachmentSchema = z.object({ file_id: nonEmptyStringSchema, name: z.string() });
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  message_id: uuidSchema,
  conversation_id: uuidSchema,
  /** The message this one follows; null for the first message. Several children make branches. */
  parent_message_id: uuidSchema.nullable(),
  role: messageRoleSchema,
  content: z.string(),
  created_at: isoDateTimeSchema,
  status: messageStatusSchema,
  /** The language model that wrote an assistant message. */
  model: nonEmptyStringSchema.optional(),
  /** The model's reasoning, when it showed it (`think`). */
  reasoning: z.string().optional(),
  /**
   * The tool events of an assistant message's answer as they were streamed (a grounded answer's
   * retrieval: begin, then end with the sources or error), so a reload shows the tool step.
   */
  tool_events: z.array(toolEventSchema).optional(),
  /**
   * The deep research run this assistant message belongs to (docs/deep-research.md "Starting a run
   * from chat"). The run's current answer (the run state's `assistant_message_id`) shows the run
   * and gets the report as its text when it completes; an earlier answer of the same run asked its
   * clarifying question and holds that question as its text.
   */
  research_id: uuidSchema.optional(),
  /**
   * The files a user message was sent with (the payload's `attachments`), each with the name it
   * had then, so the question shows them after a reload too.
   */
  attachments: z.array(messageAttachmentSchema).optional(),
  /**
   * An answer's developer details (answer-details.ts): model, tokens, timings, trace, passages,
   * raw tool calls. Only for users who may use developer mode.
   */
  details: answerDetailsSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /conversations/{id}/messages: every message of the conversation, oldest first. */
export const messageListResponseSchema = z.object({
  conversation_id: uuidSchema,
  messages: z.array(messageSchema),
  /** The agent the conversation is with (its first message's `personality`; GET /api/agents/{id}); absent: none. */
  agent_id: uuidSchema.optional(),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

const idList = z
  .array(resourceIdSchema)
  .max(MESSAGE_MAX_LIST_ENTRIES, `Must not hold more than ${MESSAGE_MAX_LIST_ENTRIES} entries`)
  .refine((ids) => new Set(ids).size === ids.length, 'Must not hold the same id twice')
  .default([]);

/**
 * GET and PUT /conversations/{id}/tool-servers: the tool (MCP) servers picked in the composer for
 * this conversation, kept by the server for its owner so every browser shows the same pick.
 */
export const conversationToolServersSchema = z.strictObject({ server_ids: idList });
export type ConversationToolServers = z.infer<typeof conversationToolServersSchema>;

/**
 * POST /conversations/{id}/messages/v2 request body (SPEC section 3 "Conversation message
 * payload"). The answer streams as JSON lines in the stream envelope.
 */
export const messagePayloadSchema = z
  .strictObject({
    content: z
      .string()
      .regex(/\S/, 'Must not be empty')
      .max(MESSAGE_MAX_CHARACTERS, `Must not be longer than ${MESSAGE_MAX_CHARACTERS} characters`),
    /**
     * The message the new one follows. Absent: after the conversation's latest message (or as
     * its first). An earlier message's id: a new branch from there (edit, regenerate). null: a
     * new first message, a sibling of the conversation's first question (editing it).
     */
    parent_message_id: uuidSchema.nullable().optional(),
    /** Ids of files the user uploaded for this message (fileId of the file record). */
    attachments: idList,
    /** Ids of the collections to search for the answer. */
    collections: idList,
    /** The id of a language model to answer with instead of the default one. */
    reasoning_model_override: resourceIdSchema.optional(),
    /** Answer with a deep research run instead of a single reply. */
    deep_research: z.boolean().default(false),
    /** Continue this research run (the reply to its clarification question). */
    deep_research_id: nonEmptyStringSchema.optional(),
    /** The id of a personal agent whose instructions and collections shape the answer. */
    personality: resourceIdSchema.optional(),
    /** Ids of the tool (MCP) servers the model may call. */
    server_ids: idList,
    /** Ask the model to show its reasoning (streamed on the "reasoning" channel). */
    think: z.boolean().default(false),
    /**
     * A client-made id for the new user message, so a retried request does not store it twice
     * and the interface can show the message before the server answers.
     */
    message_id: uuidSchema.optional(),
    /**
     * Developer mode is on: the server keeps this answer's raw stream events for the download
     * (GET /conversations/{id}/events.jsonl), when the user may use developer mode.
     */
    developer_mode: z.boolean().optional(),
  })
  .refine((payload) => payload.deep_research_id === undefined || payload.deep_research, {
    message: 'deep_research_id needs deep_research to be true',
    path: ['deep_research_id'],
  });
/** What the server works with (defaults applied). */
export type MessagePayload = z.infer<typeof messagePayloadSchema>;
/** What a client may send (lists and flags may be left out). */
export type MessagePayloadInput = z.input<typeof messagePayloadSchema>;
