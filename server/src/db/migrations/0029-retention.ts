import { sql, type Kysely } from 'kysely';

// Retention (docs/operations.md "Retention"). The policy itself is a row of app_settings (key
// `retention`; none: everything kept forever). A run of the daily job is a row here: the job
// (kind `retention`) resumes the running one after a restart, and each batch adds what it deleted
// to `deleted` in the transaction that deleted it, so a resumed run never counts a row twice.
// `policy` is the policy the run started with, so a resumed run deletes by the same rules, counted
// from `started_at`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retention_runs')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('running'))
    .addColumn('deleted', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    // The administrator who asked for it; null: the daily schedule.
    .addColumn('requested_by', 'text')
    .addColumn('policy', 'jsonb')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('retention_runs_started_idx').on('retention_runs').column('started_at').execute();

  // Bytes on disk whose rows are gone: queued in the transaction that deleted the rows, removed
  // from disk after it committed, so a process killed in between leaves the key for the next run.
  await db.schema
    .createTable('file_removals')
    .addColumn('storage_key', 'text', (col) => col.primaryKey())
    .addColumn('queued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The job finds what is old by these (conversations by owner and updated_at exist already).
  await db.schema.createIndex('files_created_idx').on('files').column('created_at').execute();
  await db.schema.createIndex('grounding_traces_created_idx').on('grounding_traces').column('created_at').execute();
  await db.schema.createIndex('research_runs_updated_idx').on('research_runs').column('updated_at').execute();
  await db.schema.createIndex('canvases_updated_idx').on('canvases').column('updated_at').execute();
  await db.schema.createIndex('conversations_updated_idx').on('conversations').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_updated_idx').execute();
  await db.schema.dropIndex('canvases_updated_idx').execute();
  await db.schema.dropIndex('research_runs_updated_idx').execute();
  await db.schema.dropIndex('grounding_traces_created_idx').execute();
  await db.schema.dropIndex('files_created_idx').execute();
  await db.schema.dropTable('file_removals').execute();
  await db.schema.dropTable('retention_runs').execute();
}
