import { sql, type Kysely } from 'kysely';

// Long work as rows (DESIGN section 9): source computation, re-embedding, later deep research.
// Any replica claims a job with FOR UPDATE SKIP LOCKED and holds it by a lease (locked_until) it
// renews while working; a job whose lease ran out (its runner stopped) is claimed again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    // At most one job per key (e.g. `sources:<traceId>`): asking twice finds the first one.
    .addColumn('key', 'text', (col) => col.unique())
    // The user the job works for; null for the server's own work (re-embedding).
    .addColumn('owner_id', 'text')
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'running', 'completed', 'failed')`))
    .addColumn('result', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'kind', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
