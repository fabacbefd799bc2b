import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_SNIPPET_MAX_LENGTH,
  answerDetailsSchema,
  conversationSearchSnippet,
  messageAttachmentSchema,
  type AnswerDetails,
  type Conversation,
  type ConversationSearchResult,
  type ConversationUpdate,
  type FileStatus,
  type Message,
  type MessageAttachment,
  type MessageStatus,
  type ToolEvent,
} from '@assistant/contracts';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../database';
import type { ConversationsTable, MessagesTable } from '../schema';
import { AnswerRatingsRepository } from '../../ratings/answer-ratings-repository';

type ConversationRow = Pick<Selectable<ConversationsTable>, 'id' | 'owner_id' | 'name' | 'created_at' | 'updated_at'> &
  Partial<Pick<Selectable<ConversationsTable>, 'agent_id' | 'pinned_at' | 'archived_at' | 'project_id'>>;
/** The columns a conversation is answered with. */
const CONVERSATION_COLUMNS = ['id', 'owner_id', 'name', 'created_at', 'updated_at', 'agent_id', 'pinned_at', 'archived_at', 'project_id'] as const;
/**
 * The deep research run, the tool events and the attached files are read where a message is shown
 * (lists), not where only its text matters (the prompt's history).
 */
type MessageRow = Omit<Selectable<MessagesTable>, 'seq' | 'written_at' | 'tool_events' | 'research_id' | 'attachments' | 'details'> &
  Partial<Pick<Selectable<MessagesTable>, 'research_id' | 'tool_events' | 'attachments' | 'details'>>;

/**
 * A streaming answer writes its progress every 2 seconds; one silent for this long lost its writer
 * (the server stopped mid-answer) and is shown as failed, with the text written so far. Far above
 * any pause of a live answer (the request timeout bounds the model's silence).
 */
export const ABANDONED_STREAM_MINUTES = 10;

/** The name of a conversation's attachment collection (shown nowhere but in logs and the runs list). */
export const ATTACHMENTS_COLLECTION_NAME = 'Chat attachments';

const MESSAGE_COLUMNS = [
  'message_id',
  'conversation_id',
  'parent_message_id',
  'role',
  'content',
  'status',
  'model',
  'reasoning',
  'tool_events',
  'research_id',
  'attachments',
  'details',
  'created_at',
] as const;

type PrepareRow = {
  conv_id: string;
  conv_name: string;
  conv_created_at: Date | string;
  conv_updated_at: Date | string;
  conv_agent_id: string | null;
  latest_id: string | null;
  kind: 'branch' | 'existing' | null;
  depth: number | null;
} & { [K in keyof MessageRow]: MessageRow[K] | null } & { created_at: Date | string | null };

/** What `prepareExchange` found for a new message. */
export interface PreparedMessageContext {
  conversation: Conversation;
  /** The conversation had a message already (else the exchange gets a title). */
  hasMessages: boolean;
  /** The parent of the new message: the given one, else the latest message; null for a first message. */
  parentId: string | null;
  /** False when the given parent is not a message of this conversation (a 404). */
  parentFound: boolean;
  /** The branch from the root down to the parent (empty for a first message). */
  branch: Message[];
  /** The message of this conversation that has the client-made message_id already. */
  existing: Message | undefined;
  /** Whether any message (in any conversation, anyone's) has the client-made message_id. */
  messageIdTaken: boolean;
  /** The agent the conversation is with (docs/agents.md); null: none. Read here so the chat route needs no second query. */
  agentId: string | null;
  /** The values of the `alongside` expressions, by their names (each null when it found nothing). */
  alongside: Record<string, unknown>;
}

/** A message about to be stored (the user's question or the assistant's answer). */
export interface NewMessage {
  message_id: string;
  parent_message_id: string | null;
  role: MessageRow['role'];
  content: string;
  status: MessageStatus;
  model?: string | undefined;
  /** The answer's tool events known when it is stored (a grounded answer's retrieval). */
  tool_events?: ToolEvent[] | undefined;
  /** The deep research run this answer belongs to (docs/deep-research.md "Starting a run from chat"). */
  research_id?: string | undefined;
  /** The files a question is sent with (its payload's attachments, with their names). */
  attachments?: MessageAttachment[] | undefined;
}

/**
 * Conversations and their messages. Every call takes the owner's sub and only ever sees that
 * owner's rows: another user's conversation or message is "not found", exactly like a missing one.
 */
export class ConversationsRepository {
  constructor(private readonly db: Database) {}

  /** The owner's conversations, most recently updated first. */
  async list(owner: string): Promise<Conversation[]> {
    const rows = await this.db
      .selectFrom('conversations')
      .select(CONVERSATION_COLUMNS)
      .where('owner_id', '=', owner)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toConversation);
  }

  /**
   * The owner's conversations whose name or message text holds every one of `words` (lower case,
   * conversationSearchWords; each word in the name or in any message that is not a system message,
   * ignoring case), most recently updated first, each with a snippet of its first message that holds
   * one of them. Scoped to the owner like every call: the scan covers only their messages (through
   * the conversation and message indexes), so it needs no text index.
   */
  async search(owner: string, words: readonly string[]): Promise<ConversationSearchResult[]> {
    if (words.length === 0) return [];
    const patterns = words.map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
    const inMessages = (pattern: string) =>
      sql<boolean>`exists (select 1 from messages m where m.conversation_id = c.id and m.role <> 'system' and m.content ilike ${pattern})`;
    const matchesAll = sql.join(
      patterns.map((pattern) => sql`(c.name ilike ${pattern} or ${inMessages(pattern)})`),
      sql` and `,
    );
    const anyPattern = sql.join(patterns.map((pattern) => sql`m.content ilike ${pattern}`), sql` or `);
    // A window of the first matching message around the first word found (the snippet is cut from it).
    const firstAt = sql.join(
      words.map((word) => sql`nullif(strpos(lower(m.content), ${word}), 0)`),
      sql`, `,
    );
    const window = sql<string | null>`(select substr(m.content, greatest(1, least(${firstAt}) - ${CONVERSATION_SNIPPET_MAX_LENGTH}), ${3 * CONVERSATION_SNIPPET_MAX_LENGTH})
      from messages m where m.conversation_id = c.id and m.role <> 'system' and (${anyPattern}) order by m.seq limit 1)`;
    const { rows } = await sql<ConversationRow & { snippet_window: string | null }>`
      select c.id, c.owner_id, c.name, c.created_at, c.updated_at, c.agent_id, c.pinned_at, c.archived_at, c.project_id, ${window} as snippet_window
      from conversations c
      where c.owner_id = ${owner} and ${matchesAll}
      order by c.updated_at desc, c.id`.execute(this.db);
    return rows.map((row) => {
      const result: ConversationSearchResult = toConversation({
        ...row,
        created_at: new Date(row.created_at),
        updated_at: new Date(row.updated_at),
        pinned_at: row.pinned_at && new Date(row.pinned_at),
        archived_at: row.archived_at && new Date(row.archived_at),
      });
      const snippet = row.snippet_window === null ? undefined : conversationSearchSnippet(row.snippet_window, words);
      if (snippet) result.snippet = snippet;
      return result;
    });
  }

  async find(owner: string, id: string): Promise<Conversation | undefined> {
    const row = await this.db
      .selectFrom('conversations')
      .select(CONVERSATION_COLUMNS)
      .where('id', '=', id)
      .where('owner_id', '=', owner)
      .executeTakeFirst();
    return row && toConversation(row);
  }

  async create(owner: string, name: string): Promise<Conversation> {
    const now = new Date();
    const row = await this.db
      .insertInto('conversations')
      .values({ id: randomUUID(), owner_id: owner, name, created_at: now, updated_at: now })
      .returning(['id', 'owner_id', 'name', 'created_at', 'updated_at'])
      .executeTakeFirstOrThrow();
    return toConversation(row);
  }

  /** Renames the owner's conversation; undefined when they have none with this id. */
  async rename(owner: string, id: string, name: string): Promise<Conversation | undefined> {
    return this.update(owner, id, { name });
  }

  /**
   * Renames, pins, archives or moves the owner's conversation into a project (null: out of it);
   * undefined when they have none with this id. Whether the user may put conversations into the
   * project is the caller's to check. Only a rename moves `updated_at` (the list's order): pinning
   * or archiving is no change of the conversation.
   */
  async update(owner: string, id: string, changes: { name?: string | undefined } & ConversationUpdate): Promise<Conversation | undefined> {
    const now = new Date();
    const row = await this.db
      .updateTable('conversations')
      .set({
        ...(changes.name !== undefined ? { name: changes.name, updated_at: now } : {}),
        ...(changes.pinned !== undefined ? { pinned_at: changes.pinned ? now : null } : {}),
        ...(changes.archived !== undefined ? { archived_at: changes.archived ? now : null } : {}),
        ...(changes.project_id !== undefined ? { project_id: changes.project_id } : {}),
      })
      .where('id', '=', id)
      .where('owner_id', '=', owner)
      .returning(CONVERSATION_COLUMNS)
      .executeTakeFirst();
    return row && toConversation(row);
  }

  /**
   * Sets a generated title, unless the name changed since `expectedName` was read (the user
   * renamed the conversation meanwhile: their name wins). Answers whether it was set.
   */
  async setTitle(owner: string, id: string, expectedName: string, title: string): Promise<boolean> {
    const result = await this.db
      .updateTable('conversations')
      .set({ name: title })
      .where('id', '=', id)
      .where('owner_id', '=', owner)
      .where('name', '=', expectedName)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Deletes the owner's conversation with all its messages and its attachments (their collection,
   * files, runs, pages and passages go through the foreign keys), and its shared snapshot. Answers the storage keys of the
   * attachments, whose bytes the caller removes; undefined when the owner has no such conversation.
   */
  async delete(owner: string, id: string): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const files = await trx
        .selectFrom('files')
        .innerJoin('collections', 'collections.id', 'files.collection_id')
        .select('files.storage_key')
        .where('collections.conversation_id', '=', id)
        .where('collections.owner_id', '=', owner)
        .execute();
      const result = await trx.deleteFrom('conversations').where('id', '=', id).where('owner_id', '=', owner).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return undefined;
      // Its shared snapshot and shares go too (they name it by id, without a foreign key: a
      // browser-kept conversation's snapshot has no conversation row).
      await trx.deleteFrom('conversation_snapshots').where('conversation_id', '=', id).where('owner_sub', '=', owner).execute();
      await trx.deleteFrom('shares').where('item_kind', '=', 'conversation').where('item_id', '=', id).execute();
      // Its answers' ratings stay for the statistics, without what the user wrote or shared in them.
      await new AnswerRatingsRepository(this.db).forgetSharedTexts(owner, [id], trx);
      return files.map((file) => file.storage_key);
    });
  }

  /**
   * The id of the collection that keeps the attachments of the owner's conversation (scope
   * 'conversation'), made on first use when `create`; undefined when the conversation is not the
   * owner's (or has none and `create` is false). One per conversation (a unique index): two first
   * uploads at the same moment share it.
   */
  async attachmentCollectionId(owner: string, conversationId: string, options: { create: boolean }): Promise<string | undefined> {
    if (options.create) {
      await this.db
        .insertInto('collections')
        .columns(['id', 'scope', 'owner_id', 'conversation_id', 'name'])
        .expression(
          this.db
            .selectFrom('conversations')
            .select([
              sql<string>`${randomUUID()}::uuid`.as('id'),
              sql<'conversation'>`'conversation'`.as('scope'),
              'owner_id',
              'id as conversation_id',
              sql<string>`${ATTACHMENTS_COLLECTION_NAME}::text`.as('name'),
            ])
            .where('id', '=', conversationId)
            .where('owner_id', '=', owner),
        )
        .onConflict((oc) => oc.column('conversation_id').doNothing())
        .execute();
    }
    const row = await this.db
      .selectFrom('collections')
      .innerJoin('conversations', 'conversations.id', 'collections.conversation_id')
      .select('collections.id')
      .where('collections.conversation_id', '=', conversationId)
      .where('conversations.owner_id', '=', owner)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Those of `fileIds` that are attachments of the owner's conversation (files of its collection),
   * with the collection's id and where their ingestion stands; ids of other files are left out.
   */
  async attachedFiles(
    owner: string,
    conversationId: string,
    fileIds: readonly string[],
  ): Promise<Array<{ id: string; name: string; status: FileStatus; collectionId: string; mediaType: string; storageKey: string }>> {
    if (fileIds.length === 0) return [];
    return this.db
      .selectFrom('files')
      .innerJoin('collections', 'collections.id', 'files.collection_id')
      .innerJoin('conversations', 'conversations.id', 'collections.conversation_id')
      .select(['files.id', 'files.name', 'files.status', 'files.collection_id as collectionId', 'files.media_type as mediaType', 'files.storage_key as storageKey'])
      .where('collections.conversation_id', '=', conversationId)
      .where('conversations.owner_id', '=', owner)
      .where('files.id', 'in', [...fileIds])
      .execute();
  }

  /** Every message of the owner's conversation, oldest first; undefined when it is not theirs. */
  async messages(owner: string, conversationId: string): Promise<Message[] | undefined> {
    if (!(await this.find(owner, conversationId))) return undefined;
    const rows = await this.db
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS.filter((column) => column !== 'status'))
      .select(
        sql<MessageStatus>`case when status = 'streaming' and written_at < now() - make_interval(mins => ${ABANDONED_STREAM_MINUTES}) then 'error' else status end`.as(
          'status',
        ),
      )
      .where('conversation_id', '=', conversationId)
      .orderBy('seq')
      .execute();
    return rows.map(toMessage);
  }

  /** A message of the owner's conversation, or undefined (missing, elsewhere or another user's). */
  async findMessage(owner: string, conversationId: string, messageId: string): Promise<Message | undefined> {
    const row = await this.db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .select(MESSAGE_COLUMNS.map((column) => `messages.${column}` as const))
      .where('messages.message_id', '=', messageId)
      .where('messages.conversation_id', '=', conversationId)
      .where('conversations.owner_id', '=', owner)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  /** The conversation's most recently stored message (the default parent of a new one). */
  async latestMessage(owner: string, conversationId: string): Promise<Message | undefined> {
    const row = await this.db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .select(MESSAGE_COLUMNS.map((column) => `messages.${column}` as const))
      .where('messages.conversation_id', '=', conversationId)
      .where('conversations.owner_id', '=', owner)
      .orderBy('messages.seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  /**
   * Everything a new message needs before its answer is asked for, in one query (one round trip
   * instead of four or five): the owner's conversation, whether it has messages, the parent (the
   * given one, or the latest message when `parent` is undefined, none when null) with the branch
   * that ends at it (root first; empty when the parent is not in this conversation), the message
   * of this conversation that already has the client-made `messageId`, and whether that id is
   * taken anywhere (ids are unique over all messages, so a new one must not collide; of another
   * conversation's message nothing else is answered, not even whose it is).
   * Undefined when the conversation is missing or another user's.
   *
   * `alongside` are scalar SQL expressions other parts need before the answer (the project's
   * instructions, the user's memories), read in the same statement so the exchange still costs
   * one round trip and one pooled connection before the model is asked. Each is evaluated once
   * and comes back on the first row only (a long branch does not repeat it).
   */
  async prepareExchange(
    owner: string,
    conversationId: string,
    options: { parent: string | null | undefined; messageId: string | undefined; alongside?: Record<string, RawBuilder<unknown>> | undefined },
  ): Promise<PreparedMessageContext | undefined> {
    const useLatest = options.parent === undefined;
    const extras = Object.entries(options.alongside ?? {});
    // The same window for every column: the row that carries the values is marked with them.
    const alongsideColumns = extras.length > 0
      ? [sql`, row_number() over () = 1 as alongside_row`, ...extras.map(([name], index) => sql`, case when row_number() over () = 1 then alongside.${sql.ref(`a${index}`)} end as ${sql.ref(`alongside_${name}`)}`)]
      : [];
    const alongside = extras.length > 0 ? sql`, alongside as materialized (select ${sql.join(extras.map(([, expression], index) => sql`(${expression}) as ${sql.ref(`a${index}`)}`))})` : sql``;
    const result = await sql<PrepareRow & Record<string, unknown>>`
      with recursive conv as (
        select id, name, created_at, updated_at, agent_id from conversations where id = ${conversationId} and owner_id = ${owner}
      ), latest as (
        select m.message_id from messages m where m.conversation_id = (select id from conv) order by m.seq desc limit 1
      ), start as (
        select case when ${useLatest}::boolean then (select message_id from latest) else ${options.parent ?? null}::uuid end as message_id
      ), branch as (
        select m.*, 0 as depth from messages m
          where m.message_id = (select message_id from start) and m.conversation_id = (select id from conv)
        union all
        select p.*, b.depth + 1 from messages p join branch b on p.message_id = b.parent_message_id
          where b.depth < 10000
      ), found as (
        select 'branch' as kind, depth, message_id, conversation_id, parent_message_id, role, content, status, model, reasoning, created_at
          from branch
        union all
        select 'existing', null, message_id, conversation_id, parent_message_id, role, content, status, model, reasoning, created_at
          from messages where message_id = ${options.messageId ?? null}::uuid
      )${alongside}
      select conv.id as conv_id, conv.name as conv_name, conv.created_at as conv_created_at, conv.updated_at as conv_updated_at, conv.agent_id as conv_agent_id,
          (select message_id from latest) as latest_id, found.*${sql.join(alongsideColumns, sql``)}
        from conv left join found on true${extras.length > 0 ? sql` cross join alongside` : sql``}`.execute(this.db);
    const first = result.rows[0];
    if (!first) return undefined;
    const conversation = toConversation({
      id: first.conv_id,
      owner_id: owner,
      name: first.conv_name,
      created_at: new Date(first.conv_created_at),
      updated_at: new Date(first.conv_updated_at),
    });
    const message = (row: PrepareRow) => toMessage({ ...(row as MessageRow), created_at: new Date(row.created_at!) });
    const branch = result.rows
      .filter((row) => row.kind === 'branch')
      .sort((a, b) => b.depth! - a.depth!)
      .map(message);
    const existingRow = result.rows.find((row) => row.kind === 'existing');
    const parentId = useLatest ? (first.latest_id ?? null) : options.parent!;
    return {
      conversation,
      hasMessages: first.latest_id !== null,
      parentId,
      parentFound: parentId === null || branch.length > 0,
      branch,
      existing: existingRow && existingRow.conversation_id === conversation.id ? message(existingRow) : undefined,
      messageIdTaken: existingRow !== undefined,
      agentId: first.conv_agent_id ?? null,
      alongside: Object.fromEntries(extras.map(([name]) => [name, result.rows.find((row) => row.alongside_row === true)?.[`alongside_${name}`] ?? null])),
    };
  }

  /** The branch that ends at `messageId`: the message and its ancestors, root first. */
  async branch(owner: string, conversationId: string, messageId: string): Promise<Message[]> {
    const result = await sql<MessageRow & { depth: number }>`
      with recursive branch as (
        select m.*, 0 as depth from messages m
          join conversations c on c.id = m.conversation_id
          where m.message_id = ${messageId} and m.conversation_id = ${conversationId} and c.owner_id = ${owner}
        union all
        select p.*, b.depth + 1 from messages p join branch b on p.message_id = b.parent_message_id
          where b.depth < 10000
      )
      select message_id, conversation_id, parent_message_id, role, content, status, model, reasoning, created_at, depth
        from branch order by depth desc`.execute(this.db);
    return result.rows.map((row) => toMessage({ ...row, created_at: new Date(row.created_at) }));
  }

  /**
   * Stores the messages of one exchange in the owner's conversation, in order (`seq` follows the
   * list), and marks the conversation as updated, in one statement (atomic without a transaction,
   * one round trip). Answers the stored messages: none when the conversation is not the owner's.
   */
  async addMessages(owner: string, conversationId: string, messages: NewMessage[]): Promise<Message[]> {
    if (messages.length === 0) return [];
    // One row per message, each only where the conversation is the owner's (none otherwise).
    const rowOf = (message: NewMessage) =>
      this.db
        .selectFrom('conversations')
        .where('id', '=', conversationId)
        .where('owner_id', '=', owner)
        .select([
          sql<string>`${message.message_id}::uuid`.as('message_id'),
          'id as conversation_id',
          sql<string | null>`${message.parent_message_id}::uuid`.as('parent_message_id'),
          sql<MessageRow['role']>`${message.role}::text`.as('role'),
          sql<string>`${message.content}::text`.as('content'),
          sql<MessageStatus>`${message.status}::text`.as('status'),
          sql<string | null>`${message.model ?? null}::text`.as('model'),
          sql<string | null>`null::text`.as('reasoning'),
          sql<unknown[] | null>`${message.tool_events ? JSON.stringify(message.tool_events) : null}::jsonb`.as('tool_events'),
          sql<string | null>`${message.research_id ?? null}::uuid`.as('research_id'),
          sql<unknown[] | null>`${message.attachments?.length ? JSON.stringify(message.attachments) : null}::jsonb`.as('attachments'),
        ]);
    const [first, ...rest] = messages;
    const rows = rest.reduce((union, message) => union.unionAll(rowOf(message)), rowOf(first!));
    const stored = await this.db
      .with('stored', (db) =>
        db
          .insertInto('messages')
          .columns(['message_id', 'conversation_id', 'parent_message_id', 'role', 'content', 'status', 'model', 'reasoning', 'tool_events', 'research_id', 'attachments'])
          .expression(rows)
          .returning([...MESSAGE_COLUMNS, 'seq']),
      )
      .with('touched', (db) =>
        db
          .updateTable('conversations')
          .set({ updated_at: new Date() })
          .where('id', '=', conversationId)
          .where('owner_id', '=', owner)
          .where(sql<boolean>`exists (select 1 from stored)`)
          .returning('id'),
      )
      .selectFrom('stored')
      .select(MESSAGE_COLUMNS)
      .orderBy('seq')
      .execute();
    return stored.map(toMessage);
  }

  /** Writes the final state of an answer (complete, stopped or error, with what arrived); false when it is not the owner's. */
  async finishMessage(
    owner: string,
    messageId: string,
    update: FinalAnswer,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('messages')
      .set(finalColumns(update))
      .where('message_id', '=', messageId)
      .where('conversation_id', 'in', this.ownedConversationIds(owner))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * `finishMessage` and `setTitle` in one statement (a first exchange whose title came in time):
   * the answer is stored, and the conversation renamed unless its name is no longer
   * `expectedName`; both only where the owner's. One round trip instead of two.
   */
  async finishMessageAndTitle(
    owner: string,
    messageId: string,
    update: FinalAnswer,
    title: { conversationId: string; expectedName: string; title: string },
  ): Promise<{ finished: boolean; titled: boolean }> {
    const result = await this.db
      .with('finished', (db) =>
        db
          .updateTable('messages')
          .set(finalColumns(update))
          .where('message_id', '=', messageId)
          .where('conversation_id', 'in', this.ownedConversationIds(owner))
          .returning('message_id'),
      )
      .with('titled', (db) =>
        db
          .updateTable('conversations')
          .set({ name: title.title })
          .where('id', '=', title.conversationId)
          .where('owner_id', '=', owner)
          .where('name', '=', title.expectedName)
          .returning('id'),
      )
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('finished').select('message_id')).as('finished'),
        eb.exists(eb.selectFrom('titled').select('id')).as('titled'),
      ])
      .executeTakeFirstOrThrow();
    return { finished: Boolean(result.finished), titled: Boolean(result.titled) };
  }

  /** Writes what an answer has so far, while it is still streaming (another tab, a reload); false when it is not (or no longer) so. */
  async saveProgress(owner: string, messageId: string, update: { content: string; reasoning: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('messages')
      .set({ content: update.content, reasoning: update.reasoning ? update.reasoning : null, written_at: sql<Date>`now()` })
      .where('message_id', '=', messageId)
      .where('status', '=', 'streaming')
      .where('conversation_id', 'in', this.ownedConversationIds(owner))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the owner's messages stored for an exchange that never started (the model refused at once). */
  async removeMessages(owner: string, messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db
      .deleteFrom('messages')
      .where('message_id', 'in', messageIds)
      .where('conversation_id', 'in', this.ownedConversationIds(owner))
      .execute();
  }

  /**
   * The answer a run gave to the owner's question `userMessageId` (its first assistant child that
   * names a research run), or undefined: the question was answered otherwise, or not at all.
   */
  async researchAnswerOf(owner: string, conversationId: string, userMessageId: string): Promise<{ messageId: string; researchId: string } | undefined> {
    const row = await this.db
      .selectFrom('messages')
      .select(['message_id', 'research_id'])
      .where('parent_message_id', '=', userMessageId)
      .where('conversation_id', '=', conversationId)
      .where('conversation_id', 'in', this.ownedConversationIds(owner))
      .where('role', '=', 'assistant')
      .where('research_id', 'is not', null)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    return row?.research_id ? { messageId: row.message_id, researchId: row.research_id } : undefined;
  }

  /** The tool servers picked for the owner's conversation; undefined when it is not theirs. */
  async toolServerIds(owner: string, conversationId: string): Promise<string[] | undefined> {
    const row = await this.db
      .selectFrom('conversations')
      .select('tool_server_ids')
      .where('id', '=', conversationId)
      .where('owner_id', '=', owner)
      .executeTakeFirst();
    if (!row) return undefined;
    const parsed = serverIdsSchema.safeParse(row.tool_server_ids);
    return parsed.success ? parsed.data : [];
  }

  /** Keeps the tool servers picked for the owner's conversation (not its updated_at: no message changed); false when it is not theirs. */
  async setToolServerIds(owner: string, conversationId: string, serverIds: readonly string[]): Promise<boolean> {
    const result = await this.db
      .updateTable('conversations')
      .set({ tool_server_ids: JSON.stringify(serverIds) })
      .where('id', '=', conversationId)
      .where('owner_id', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private ownedConversationIds(owner: string) {
    return this.db.selectFrom('conversations').select('id').where('owner_id', '=', owner);
  }
}

function toConversation(row: ConversationRow): Conversation {
  const conversation: Conversation = { id: row.id, name: row.name, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
  if (row.agent_id) conversation.agent_id = row.agent_id;
  if (row.pinned_at) {
    conversation.pinned = true;
    conversation.pinned_at = new Date(row.pinned_at).toISOString();
  }
  if (row.archived_at) conversation.archived = true;
  if (row.project_id) conversation.project_id = row.project_id;
  return conversation;
}

/** An answer's final state: its text, status and reasoning, and its developer details. */
export interface FinalAnswer {
  content: string;
  status: MessageStatus;
  reasoning?: string | undefined;
  details?: AnswerDetails | undefined;
}

function finalColumns(update: FinalAnswer) {
  return {
    content: update.content,
    status: update.status,
    reasoning: update.reasoning ? update.reasoning : null,
    ...(update.details ? { details: JSON.stringify(update.details) } : {}),
    written_at: sql<Date>`now()`,
  };
}

function toMessage(row: MessageRow): Message {
  const message: Message = {
    message_id: row.message_id,
    conversation_id: row.conversation_id,
    parent_message_id: row.parent_message_id,
    role: row.role,
    content: row.content,
    created_at: row.created_at.toISOString(),
    status: row.status,
  };
  if (row.model) message.model = row.model;
  if (row.reasoning) message.reasoning = row.reasoning;
  // Written by this server from the contract's schema (NewMessage.tool_events).
  if (row.tool_events?.length) message.tool_events = row.tool_events as ToolEvent[];
  if (row.research_id) message.research_id = row.research_id;
  // Written by this server; a row that does not fit shows no chips rather than half-formed ones.
  const attachments = attachmentsSchema.safeParse(row.attachments ?? []);
  if (attachments.success && attachments.data.length > 0) message.attachments = attachments.data;
  // Written by this server; details that do not fit (an older shape) are left out, never half shown.
  const details = row.details ? answerDetailsSchema.safeParse(row.details) : undefined;
  if (details?.success) message.details = details.data;
  return message;
}

const attachmentsSchema = z.array(messageAttachmentSchema);
const serverIdsSchema = z.array(z.string());
