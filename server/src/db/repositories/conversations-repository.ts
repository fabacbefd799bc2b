import { randomUUID } from 'node:crypto';
import type { Conversation, Message, MessageStatus } from '@assistant/contracts';
import { sql } from 'kysely';
import type { Database } from '../database';
import type { ConversationsTable, MessagesTable } from '../schema';

type ConversationRow = Pick<ConversationsTable, 'id' | 'owner_id' | 'name'> & { created_at: Date; updated_at: Date };
type MessageRow = Omit<MessagesTable, 'seq' | 'created_at'> & { created_at: Date };

const MESSAGE_COLUMNS = [
  'message_id',
  'conversation_id',
  'parent_message_id',
  'role',
  'content',
  'status',
  'model',
  'reasoning',
  'created_at',
] as const;

/** A message about to be stored (the user's question or the assistant's answer). */
export interface NewMessage {
  message_id: string;
  parent_message_id: string | null;
  role: MessageRow['role'];
  content: string;
  status: MessageStatus;
  model?: string | undefined;
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
      .select(['id', 'owner_id', 'name', 'created_at', 'updated_at'])
      .where('owner_id', '=', owner)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toConversation);
  }

  async find(owner: string, id: string): Promise<Conversation | undefined> {
    const row = await this.db
      .selectFrom('conversations')
      .select(['id', 'owner_id', 'name', 'created_at', 'updated_at'])
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
    const row = await this.db
      .updateTable('conversations')
      .set({ name, updated_at: new Date() })
      .where('id', '=', id)
      .where('owner_id', '=', owner)
      .returning(['id', 'owner_id', 'name', 'created_at', 'updated_at'])
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

  /** Deletes the owner's conversation with all its messages; false when they have none with this id. */
  async delete(owner: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('conversations').where('id', '=', id).where('owner_id', '=', owner).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every message of the owner's conversation, oldest first; undefined when it is not theirs. */
  async messages(owner: string, conversationId: string): Promise<Message[] | undefined> {
    if (!(await this.find(owner, conversationId))) return undefined;
    const rows = await this.db
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
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

  /** Whether a message with this id exists anywhere (a client-made id must not collide). */
  async messageIdTaken(messageId: string): Promise<boolean> {
    const row = await this.db.selectFrom('messages').select('message_id').where('message_id', '=', messageId).executeTakeFirst();
    return row !== undefined;
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

  /** Stores messages of one exchange in order and marks the conversation as updated. */
  async addMessages(conversationId: string, messages: NewMessage[]): Promise<Message[]> {
    return this.db.transaction().execute(async (trx) => {
      const stored: Message[] = [];
      for (const message of messages) {
        const row = await trx
          .insertInto('messages')
          .values({
            message_id: message.message_id,
            conversation_id: conversationId,
            parent_message_id: message.parent_message_id,
            role: message.role,
            content: message.content,
            status: message.status,
            model: message.model ?? null,
            reasoning: null,
          })
          .returning(MESSAGE_COLUMNS)
          .executeTakeFirstOrThrow();
        stored.push(toMessage(row));
      }
      await trx.updateTable('conversations').set({ updated_at: new Date() }).where('id', '=', conversationId).execute();
      return stored;
    });
  }

  /** Writes the final state of an answer (complete, stopped or error, with what arrived). */
  async finishMessage(messageId: string, update: { content: string; status: MessageStatus; reasoning?: string | undefined }): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ content: update.content, status: update.status, reasoning: update.reasoning ? update.reasoning : null })
      .where('message_id', '=', messageId)
      .execute();
  }

  /** Writes what an answer has so far, while it is still streaming (another tab, a reload). */
  async saveProgress(messageId: string, update: { content: string; reasoning: string }): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ content: update.content, reasoning: update.reasoning ? update.reasoning : null })
      .where('message_id', '=', messageId)
      .where('status', '=', 'streaming')
      .execute();
  }

  /** Removes messages stored for an exchange that never started (the model refused at once). */
  async removeMessages(messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db.deleteFrom('messages').where('message_id', 'in', messageIds).execute();
  }
}

function toConversation(row: ConversationRow): Conversation {
  return { id: row.id, name: row.name, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
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
  return message;
}
