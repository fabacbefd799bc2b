import { sql, type Kysely } from 'kysely';

// Shared conversations (docs/chat.md "Sharing a conversation"): one read-only snapshot per shared
// conversation, taken when its owner shares it and taken again when they share it again; it goes
// when they stop sharing it or delete the conversation. The shares (0025) name it by
// `conversation_id` (item_kind 'conversation').
// - A conversation kept by the server: `conversation_id` is the conversation's id.
// - A conversation kept in its owner's browser: a server-made id, and the browser's id of the
//   conversation in `local_conversation_id` (the same browser conversation shared again replaces
//   the same snapshot). There is no conversation row, so no foreign key.
// `messages` is the branch the owner saw, as its recipients read it (SnapshotMessage[]: text,
// model, tool steps, judged sources with their marks, attachments only with `include_attachments`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversation_snapshots')
    .addColumn('conversation_id', 'uuid', (col) => col.primaryKey())
    .addColumn('owner_sub', 'text', (col) => col.notNull())
    .addColumn('local_conversation_id', 'uuid')
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('messages', 'jsonb', (col) => col.notNull())
    .addColumn('include_attachments', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('taken_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('conversation_snapshots_local', ['owner_sub', 'local_conversation_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_snapshots').execute();
}
