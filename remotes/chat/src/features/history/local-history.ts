import {
  CONVERSATION_ERRORS,
  conversationNameSchema,
  conversationSearchQuerySchema,
  conversationSearchSnippet,
  conversationSearchWords,
  conversationSnapshotCreatedSchema,
  historyWithinBudget,
  messagePayloadSchema,
  streamEventSchema,
  validationFailure,
  type Conversation,
  type ConversationSearchResult,
  type ConversationUpdate,
  type ConversationSnapshot,
  type ConversationSnapshotUploadInput,
  type ExportedConversation,
  type LocalChatRequestInput,
  type Message,
  type MessagePayloadInput,
  type MessageStatus,
  type StreamEvent,
} from '@assistant/contracts';
import { ApiRequestError, RequestAbortedError, apiClients, type HttpClient } from '@assistant/platform';
import { createStore, type UseStore } from 'idb-keyval';
import type { ChatHistory } from './chat-history';
import { importedRecord } from './imported-record';
import { localFailure as failure } from './local-failure';
import { indexedDbRecords, type LocalRecords } from './local-records';
import { titleFromQuestion } from './title-from-question';

/** The IndexedDB database of a user's conversations: one per user, so no user reads another's. */
export const LOCAL_DB_PREFIX = 'assistant-chat';
export const LOCAL_STORE_NAME = 'conversations';
/** How often an answer's text so far is written while it streams. */
export const LOCAL_PROGRESS_INTERVAL_MS = 1_000;

/** One conversation as stored: the conversation, its messages oldest first. */
export interface LocalConversationRecord {
  conversation: Conversation;
  messages: Message[];
  /** The user named it: the first question does not rename it. */
  renamed: boolean;
}

export interface LocalHistoryOptions {
  /** The signed-in user's `sub`: the conversations are kept under it. */
  userSub: string;
  /** The /api client that streams the answers (POST chat/stream); the platform's by default. */
  client?: () => HttpClient;
  /** The clock (tests). */
  now?: () => Date;
  /** A fresh uuid (tests). */
  newId?: () => string;
  /** The IndexedDB store (tests); the user's own by default. */
  store?: UseStore;
  /** Where the records are kept instead of IndexedDB: a temporary chat's memory (local-records.ts). */
  records?: LocalRecords;
  /**
   * A temporary chat: each question says so to the server, which then records the usage as counts
   * only (docs/chat-ui.md "Temporary chat").
   */
  temporary?: boolean;
}

export function localDatabaseName(userSub: string): string {
  return `${LOCAL_DB_PREFIX}.${userSub}`;
}

/** One of the contract's conversation refusals, the same the server sends. */
function refused(which: keyof typeof CONVERSATION_ERRORS): ApiRequestError {
  const { statusCode, code, message } = CONVERSATION_ERRORS[which];
  return failure(statusCode, message, { code });
}

/** A 400 worded like the server's for a request that fails its schema (`where`: querystring, body). */
function invalid(where: string, issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string }>): ApiRequestError {
  const worded = validationFailure(
    where,
    issues.map((issue) => ({
      path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
      message: issue.message,
      code: issue.code,
    })),
  );
  return failure(400, worded.message, { code: worded.code, issues: worded.issues });
}

function checkedName(name: string): string {
  const result = conversationNameSchema.safeParse(name);
  if (!result.success) throw invalid('querystring', result.error.issues.map((issue) => ({ ...issue, path: ['name', ...issue.path] })));
  return result.data;
}

/**
 * What a search finds in one stored conversation, matched like the server: every word in the name
 * or in the text of a message that is not a system message (ignoring case); the snippet from the
 * first such message.
 */
function searchRecord(record: LocalConversationRecord, words: readonly string[]): ConversationSearchResult | undefined {
  const contents = record.messages.filter((message) => message.role !== 'system').map((message) => message.content);
  const texts = contents.map((content) => content.toLowerCase());
  const name = record.conversation.name.toLowerCase();
  if (!words.every((word) => name.includes(word) || texts.some((text) => text.includes(word)))) return undefined;
  const first = texts.findIndex((text) => words.some((word) => text.includes(word)));
  const snippet = first < 0 ? undefined : conversationSearchSnippet(contents[first]!, words);
  return snippet ? { ...record.conversation, snippet } : { ...record.conversation };
}

/** The messages from the root down to `leafId`, root first. */
function branchTo(messages: Message[], leafId: string | null): Message[] {
  const byId = new Map(messages.map((message) => [message.message_id, message]));
  const branch: Message[] = [];
  let current = leafId === null ? undefined : byId.get(leafId);
  while (current && branch.length <= messages.length) {
    branch.unshift(current);
    current = current.parent_message_id === null ? undefined : byId.get(current.parent_message_id);
  }
  return branch;
}


const byLatestUpdate = (a: Conversation, b: Conversation) => b.updated_at.localeCompare(a.updated_at);

/**
 * Conversations kept in this browser for one user (SPEC flag `enableLocalChatHistory`), in the
 * user's own IndexedDB database (`assistant-chat.<sub>`), one record per conversation. Answers come
 * from POST /api/chat/stream, which gets the branch and stores nothing. The user's question is
 * written at once, the answer as it streams (every LOCAL_PROGRESS_INTERVAL_MS) and with its final
 * status (complete, stopped or error). The branch that goes with a question is cut to the
 * contract's history budget by the rule the server applies (historyWithinBudget). Failures look
 * like the server's: ApiRequestError 400 (validation_failed), 404 and 409 with the contract's codes
 * and texts (CONVERSATION_ERRORS). A first question names the conversation unless the user named it.
 */
export function createLocalHistory(options: LocalHistoryOptions): ChatHistory {
  const records = options.records ?? indexedDbRecords(options.store ?? createStore(localDatabaseName(options.userSub), LOCAL_STORE_NAME));
  const client = options.client ?? (() => apiClients().api);
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const newId = options.newId ?? (() => crypto.randomUUID());

  // Every write goes through one queue, so read-modify-write steps never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  function change<T>(id: string, apply: (record: LocalConversationRecord) => T): Promise<T> {
    const step = queue.then(async () => {
      const record = await records.get(id);
      if (!record) throw refused('conversationNotFound');
      const result = apply(record);
      await records.set(id, record);
      return result;
    });
    queue = step.catch(() => undefined);
    return step;
  }
  async function read(id: string): Promise<LocalConversationRecord> {
    await queue;
    const record = await records.get(id);
    if (!record) throw refused('conversationNotFound');
    return record;
  }

  return {
    kind: 'local',

    async listConversations(): Promise<Conversation[]> {
      await queue;
      const stored = await records.values();
      return stored.map((record) => record.conversation).sort(byLatestUpdate);
    },

    async searchConversations(query: string): Promise<ConversationSearchResult[]> {
      const checked = conversationSearchQuerySchema.safeParse({ q: query });
      if (!checked.success) throw invalid('querystring', checked.error.issues);
      const words = conversationSearchWords(checked.data.q);
      await queue;
      const stored = await records.values();
      return stored
        .map((record) => searchRecord(record, words))
        .filter((found): found is ConversationSearchResult => found !== undefined)
        .sort(byLatestUpdate);
    },

    async createConversation(name: string): Promise<Conversation> {
      const time = now();
      const conversation: Conversation = { id: newId(), name: checkedName(name), created_at: time, updated_at: time };
      const step = queue.then(() => records.set(conversation.id, { conversation, messages: [], renamed: false } satisfies LocalConversationRecord));
      queue = step.catch(() => undefined);
      await step;
      return conversation;
    },

    renameConversation(id: string, name: string): Promise<Conversation> {
      const checked = checkedName(name);
      return change(id, (record) => {
        record.conversation = { ...record.conversation, name: checked, updated_at: now() };
        record.renamed = true;
        return record.conversation;
      });
    },

    updateConversation(id: string, changes: ConversationUpdate): Promise<Conversation> {
      return change(id, (record) => {
        const { pinned, pinned_at, archived, project_id, ...rest } = { ...record.conversation, ...changes };
        // A new pin is the latest (the pinned group's order); one kept keeps its time.
        const pin = pinned ? { pinned, pinned_at: changes.pinned ? now() : (pinned_at ?? now()) } : {};
        record.conversation = { ...rest, ...pin, ...(archived ? { archived } : {}), ...(project_id ? { project_id } : {}) };
        return record.conversation;
      });
    },

    async deleteConversation(id: string): Promise<void> {
      const step = queue.then(async () => {
        if (!(await records.get(id))) throw refused('conversationNotFound');
        await records.del(id);
      });
      queue = step.catch(() => undefined);
      await step;
    },

    async listMessages(conversationId: string): Promise<Message[]> {
      return (await read(conversationId)).messages;
    },

    // Shared as a copy on the server: the branch shown first (to the newest message), text only.
    async shareableId(conversationId: string): Promise<string> {
      const { conversation, messages } = await read(conversationId);
      const branch = branchTo(messages, messages.at(-1)?.message_id ?? null).filter((message) => message.role !== 'system');
      const upload: ConversationSnapshotUploadInput = {
        local_conversation_id: conversation.id,
        title: conversation.name,
        messages: branch.map((message) => ({
          role: message.role === 'user' ? 'user' : 'assistant',
          content: message.content,
          // An answer cut by a closed tab stays `streaming` here (docs/chat-ui.md): shared as stopped.
          status: message.status === 'streaming' ? 'stopped' : message.status,
          created_at: message.created_at,
          ...(message.model ? { model: message.model } : {}),
        })),
      };
      return (await client().post('shared/conversations', upload, conversationSnapshotCreatedSchema)).id;
    },

    async continueShared(snapshot: ConversationSnapshot): Promise<Conversation> {
      const time = now();
      const conversation: Conversation = { id: newId(), name: checkedName(snapshot.title), created_at: time, updated_at: time };
      let parent: string | null = null;
      const copied = snapshot.messages.map((message): Message => {
        const copy: Message = {
          message_id: newId(),
          conversation_id: conversation.id,
          parent_message_id: parent,
          role: message.role,
          content: message.content,
          created_at: time,
          status: message.status === 'streaming' ? 'stopped' : message.status,
          ...(message.model ? { model: message.model } : {}),
        };
        parent = copy.message_id;
        return copy;
      });
      // Named after the shared conversation: a first question here does not rename it.
      const step = queue.then(() => records.set(conversation.id, { conversation, messages: copied, renamed: true } satisfies LocalConversationRecord));
      queue = step.catch(() => undefined);
      await step;
      return conversation;
    },

    async importConversations(conversations: readonly ExportedConversation[]): Promise<Conversation[]> {
      const imported = conversations.map((file) => importedRecord(file, newId));
      const step = queue.then(() => records.setMany(imported));
      queue = step.catch(() => undefined);
      await step;
      return imported.map((record) => record.conversation);
    },

    async sendMessage(conversationId: string, input: MessagePayloadInput, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
      const parsed = messagePayloadSchema.safeParse(input);
      if (!parsed.success) throw invalid('body', parsed.error.issues);
      const payload = parsed.data;
      if (signal.aborted) throw new RequestAbortedError('the question was withdrawn');

      // Place the question in the tree and write it at once, as the server does (docs/chat.md).
      const userMessageId = payload.message_id ?? newId();
      const assistantMessageId = newId();
      const placed = await change(conversationId, (record) => {
        const { messages } = record;
        let parentId: string | null;
        if (payload.parent_message_id === undefined) parentId = messages.at(-1)?.message_id ?? null;
        else parentId = payload.parent_message_id;
        if (parentId !== null && !messages.some((message) => message.message_id === parentId)) throw refused('messageNotFound');
        const existing = messages.find((message) => message.message_id === userMessageId);
        if (existing && !(existing.role === 'user' && existing.content === payload.content && existing.parent_message_id === parentId)) {
          throw refused('messageIdTaken');
        }
        if (!existing) {
          messages.push({
            message_id: userMessageId,
            conversation_id: conversationId,
            parent_message_id: parentId,
            role: 'user',
            content: payload.content,
            created_at: now(),
            status: 'complete',
          });
          record.conversation = { ...record.conversation, updated_at: now() };
        }
        if (payload.personality && !record.conversation.agent_id && messages.length === 1) {
          record.conversation = { ...record.conversation, agent_id: payload.personality };
        }
        return {
          parentId,
          newQuestion: !existing,
          history: historyWithinBudget(branchTo(messages, parentId)),
          firstQuestion: messages.length === 1 && !record.renamed,
          agentId: record.conversation.agent_id,
        };
      });

      // The conversation keeps the agent its first message named; the server needs it with every message.
      const personality = payload.personality ?? placed.agentId;
      const request: LocalChatRequestInput = {
        payload: { ...input, message_id: userMessageId, parent_message_id: placed.parentId, ...(personality ? { personality } : {}) },
        history: placed.history,
        conversation_id: conversationId,
        assistant_message_id: assistantMessageId,
        ...(options.temporary ? { temporary: true as const } : {}),
      };
      let events: AsyncIterable<StreamEvent>;
      try {
        events = await client().stream('chat/stream', request, streamEventSchema, signal);
      } catch (error) {
        // Refused before it streamed: nothing of this exchange stays, as on the server.
        if (placed.newQuestion) {
          await change(conversationId, (record) => {
            record.messages = record.messages.filter((message) => message.message_id !== userMessageId);
          }).catch(() => undefined);
        }
        throw error;
      }

      // The answer is stored as soon as it streams, with status `streaming`.
      const title = placed.firstQuestion ? titleFromQuestion(payload.content) : undefined;
      await change(conversationId, (record) => {
        record.messages.push({
          message_id: assistantMessageId,
          conversation_id: conversationId,
          parent_message_id: userMessageId,
          role: 'assistant',
          content: '',
          created_at: now(),
          status: 'streaming',
          ...(payload.reasoning_model_override ? { model: payload.reasoning_model_override } : {}),
        });
        record.conversation = { ...record.conversation, ...(title && !record.renamed ? { name: title } : {}), updated_at: now() };
      });

      let content = '';
      let reasoning = '';
      let lastWrite = Date.now();
      let writing: Promise<unknown> | undefined;
      const save = (status: MessageStatus) =>
        change(conversationId, (record) => {
          const answer = record.messages.find((message) => message.message_id === assistantMessageId);
          if (!answer) return;
          answer.content = content;
          answer.status = status;
          if (reasoning) answer.reasoning = reasoning;
          if (status !== 'streaming') record.conversation = { ...record.conversation, updated_at: now() };
        }).catch((error: unknown) => console.warn('The answer could not be kept in this browser', error));

      async function* relay(): AsyncGenerator<StreamEvent> {
        const channels = new Map<string, 'answer' | 'reasoning'>();
        // undefined until the stream says how it ended.
        let status: MessageStatus | undefined;
        try {
          for await (const event of events) {
            if (event.kind === 'stream_text') {
              const e = event.event;
              if (e.type === 'begin') channels.set(e.stream_id, e.channel ?? 'answer');
              else if (e.type === 'append') {
                if (channels.get(e.stream_id) === 'reasoning') reasoning += e.delta;
                else content += e.delta;
                if (!writing && Date.now() - lastWrite >= LOCAL_PROGRESS_INTERVAL_MS) {
                  lastWrite = Date.now();
                  writing = save('streaming').finally(() => (writing = undefined));
                }
              }
            } else if (event.kind === 'done') status = 'complete';
            else if (event.kind === 'error') status = 'error';
            yield event;
          }
          // A stream cut without its last line failed, unless the user stopped it.
          status ??= signal.aborted ? 'stopped' : 'error';
        } catch (error) {
          status ??= signal.aborted || error instanceof RequestAbortedError ? 'stopped' : 'error';
          throw error;
        } finally {
          // Still undefined: the reader let go early (it stopped reading), what arrived is kept.
          await writing;
          await save(status ?? 'stopped');
        }
      }
      return relay();
    },
  };
}
