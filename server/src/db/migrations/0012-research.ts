import { sql, type Kysely } from 'kysely';

// Deep research runs (docs/deep-research.md): one row per run with its state (stage,
// plan with each task's status and findings, sources, report), and its events appended in order
// (seq 1, 2, ... per run), which a client replays and then follows from any replica.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('research_runs')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The owner's sub: a run is its owner's alone (another user's id is a 404).
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('conversation_id', 'uuid', (col) => col.references('conversations.id').onDelete('cascade'))
    .addColumn('user_message_id', 'uuid')
    .addColumn('assistant_message_id', 'uuid')
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('collections', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('model', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('clarification_question', 'text')
    .addColumn('clarification_answer', 'text')
    .addColumn('title', 'text')
    // ResearchTask[] (research-repository.ts): the plan, each task with its status and findings.
    .addColumn('plan', 'jsonb')
    // ResearchSource[]: the passage windows the tasks found, numbered across the run.
    .addColumn('sources', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('report', 'text')
    .addColumn('trace_id', 'uuid')
    // The job now working on the run (its lease tells whether anyone still does).
    .addColumn('job_id', 'uuid')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('research_runs_owner_idx').on('research_runs').columns(['owner_id', 'status']).execute();
  await db.schema
    .createTable('research_events')
    .addColumn('research_id', 'uuid', (col) => col.notNull().references('research_runs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('event', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('research_events_pkey', ['research_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('research_events').execute();
  await db.schema.dropTable('research_runs').execute();
}
