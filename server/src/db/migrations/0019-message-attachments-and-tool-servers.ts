import { sql, type Kysely } from 'kysely';

// A question keeps the files it was sent with (id and name at that time: the chips of the message
// list after a reload), and a conversation keeps the tool (MCP) servers its owner picked in the
// composer, so every browser and every reload shows the same pick (docs/chat-ui.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('attachments', 'jsonb').execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('tool_server_ids', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('tool_server_ids').execute();
  await db.schema.alterTable('messages').dropColumn('attachments').execute();
}
