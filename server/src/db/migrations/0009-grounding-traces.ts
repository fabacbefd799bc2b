import { sql, type Kysely } from 'kysely';

// Grounding traces (docs/qa.md): one row per grounded answer, of the QA assistant or of a chat
// message. It keeps the passage windows the model was given (the answer's [n] point into them),
// the answer, and once the sources job ran, the judged sources. A chat message's trace goes with
// its conversation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('grounding_traces')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The owner's sub: a trace is its owner's alone.
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('qa', 'chat')`))
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('windows', 'jsonb', (col) => col.notNull())
    .addColumn('conversation_id', 'uuid', (col) => col.references('conversations.id').onDelete('cascade'))
    .addColumn('message_id', 'uuid')
    .addColumn('sources', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('grounding_traces_owner_idx').on('grounding_traces').columns(['owner_id', 'created_at']).execute();
  await db.schema.createIndex('grounding_traces_message_idx').on('grounding_traces').columns(['conversation_id', 'message_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('grounding_traces').execute();
}
