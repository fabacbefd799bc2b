import { sql, type Kysely } from 'kysely';

// Chat conversations and their messages. Messages form a tree through parent_message_id (edit and
// regenerate add a sibling under the same parent); `seq` orders them as they were stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The owner's sub: a conversation is its owner's alone.
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('conversations_owner_idx').on('conversations').columns(['owner_id', 'updated_at']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('message_id', 'uuid', (col) => col.primaryKey())
    .addColumn('conversation_id', 'uuid', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('parent_message_id', 'uuid', (col) => col.references('messages.message_id').onDelete('cascade'))
    .addColumn('seq', 'serial', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('user', 'assistant', 'system')`))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('complete', 'streaming', 'stopped', 'error')`))
    .addColumn('model', 'text')
    .addColumn('reasoning', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('messages_conversation_idx').on('messages').columns(['conversation_id', 'seq']).execute();
  await db.schema.createIndex('messages_parent_idx').on('messages').column('parent_message_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
