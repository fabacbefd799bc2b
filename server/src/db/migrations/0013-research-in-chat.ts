import { sql, type Kysely } from 'kysely';

// Deep research started from chat (docs/deep-research.md "Starting a run from chat"):
// an assistant message names the run it belongs to, so reopening the conversation finds the run
// and follows it again; a run keeps the message's MCP servers (`server_ids`) for its tasks.
// No foreign key on messages.research_id: the run is made for messages that are stored just
// after it, and both go with their conversation (cascade) anyway.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('research_id', 'uuid').execute();
  await db.schema
    .alterTable('research_runs')
    .addColumn('server_ids', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('research_runs').dropColumn('server_ids').execute();
  await db.schema.alterTable('messages').dropColumn('research_id').execute();
}
