import { sql, type Kysely } from 'kysely';

// Ingestion runs on the job runner like all other long work: each run gets a job of kind
// `ingestion` (key `ingestion:<run id>`) whose lease (jobs.locked_until) replaces the run's own.
// The run keeps what users see (status, errors, attempts). Work still open moves over: a waiting
// run becomes a pending job; a running one a running job with the same attempts and lease, so a
// runner still working on it (a replica not yet restarted) keeps it until the lease runs out.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into jobs (id, kind, key, owner_id, payload, status, attempts, locked_until, created_at, updated_at)
    select gen_random_uuid(), 'ingestion', 'ingestion:' || r.id, f.created_by, jsonb_build_object('run_id', r.id),
           case r.status when 'running' then 'running' else 'pending' end,
           r.attempts, r.locked_until, r.created_at, now()
    from ingestion_runs r join files f on f.id = r.file_id
    where r.status in ('created', 'running')
    on conflict (key) do nothing`.execute(db);
  await db.schema.alterTable('ingestion_runs').dropColumn('locked_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ingestion_runs').addColumn('locked_until', 'timestamptz').execute();
  await sql`
    update ingestion_runs r set locked_until = j.locked_until
    from jobs j where j.key = 'ingestion:' || r.id and j.status = 'running'`.execute(db);
  await sql`delete from jobs where kind = 'ingestion'`.execute(db);
}
