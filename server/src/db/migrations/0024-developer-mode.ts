import { sql, type Kysely } from 'kysely';

// Developer mode (docs/developer-mode.md): an answer keeps its details (model, tokens, timings,
// trace, passages, raw tool calls), and an answer given while developer mode was on keeps its raw
// stream events for the conversation's JSON-lines download. Both go with their message.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('details', 'jsonb').execute();
  await db.schema
    .createTable('message_event_logs')
    .addColumn('message_id', 'uuid', (col) => col.primaryKey().references('messages.message_id').onDelete('cascade'))
    .addColumn('conversation_id', 'uuid', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    // The JSON lines exactly as streamed, each ending in a newline.
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('message_event_logs_conversation_idx').on('message_event_logs').columns(['conversation_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_event_logs').execute();
  await db.schema.alterTable('messages').dropColumn('details').execute();
}
