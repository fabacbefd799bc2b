import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import { JOBS_CHANNEL } from '../db/notifications';
import type { JobsTable } from '../db/schema';

export type JobStatus = JobsTable['status'];

/**
 * A job as its owner may see it: `result` is what the handler returned (JSON), once completed;
 * `error` why it failed, in words a user may read (handlers throw JobFailure for those).
 */
export type JobState = Pick<Selectable<JobsTable>, 'id' | 'kind' | 'status' | 'result' | 'error'>;

/** A job's failure whose message may be shown to its user; any other error is logged and reads "internal". */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** A job claimed by a runner: the attempt number makes a late completion of an older claim a no-op. */
export interface ClaimedJob {
  id: string;
  kind: string;
  ownerId: string | null;
  payload: unknown;
  attempts: number;
}

/**
 * Jobs as rows (migration 0008): enqueue by key (asking twice finds the first job), read a job's
 * state for its owner, and the claim/lease/settle steps the JobRunner uses. Every replica works
 * on the same table, so it does not matter which one took the request. A job that becomes
 * pending notifies JOBS_CHANNEL (its kind) in the same statement.
 */
export class JobQueue {
  constructor(private readonly db: Database) {}

  /** Adds a job unless one with this key exists; answers the job's id and whether it is new. */
  async enqueue(kind: string, payload: unknown, options: { owner?: string | null; key?: string } = {}): Promise<{ id: string; created: boolean }> {
    const id = randomUUID();
    const inserted = await this.db
      .insertInto('jobs')
      .values({ id, kind, key: options.key ?? null, owner_id: options.owner ?? null, payload: JSON.stringify(payload ?? {}), status: 'pending' })
      .onConflict((oc) => oc.column('key').doNothing())
      // Runners of any process wake at once (JOBS_CHANNEL); only a new row notifies.
      .returning(['id', sql<string>`pg_notify(${JOBS_CHANNEL}, kind)`.as('notified')])
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await this.db.selectFrom('jobs').select('id').where('key', '=', options.key!).executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  /**
   * For work that recurs under one key (a library folder's sync): adds the job, or makes a finished
   * one (completed or failed) pending again; a pending or running one is left as it is, so the
   * work never runs twice at once. Answers whether the job is newly pending.
   */
  async enqueueAgain(kind: string, payload: unknown, options: { owner?: string | null; key: string }): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`
      insert into jobs (id, kind, key, owner_id, payload, status)
      values (${randomUUID()}, ${kind}, ${options.key}, ${options.owner ?? null}, ${JSON.stringify(payload ?? {})}, 'pending')
      on conflict (key) do update set
        status = 'pending', payload = excluded.payload, result = null, error = null, attempts = 0,
        locked_until = null, created_at = now(), updated_at = now()
      where jobs.status in ('completed', 'failed')
      returning id, pg_notify(${JOBS_CHANNEL}, kind) as notified`.execute(this.db);
    return rows.length > 0;
  }

  /** The job with this key, if it is the owner's (null owner: the server's own jobs only). */
  async getByKey(key: string, owner: string | null): Promise<JobState | undefined> {
    let query = this.db.selectFrom('jobs').select(['id', 'kind', 'status', 'result', 'error']).where('key', '=', key);
    query = owner === null ? query.where('owner_id', 'is', null) : query.where('owner_id', '=', owner);
    return query.executeTakeFirst();
  }

  async get(id: string): Promise<JobState | undefined> {
    return this.db.selectFrom('jobs').select(['id', 'kind', 'status', 'result', 'error']).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Takes the oldest pending job of these kinds, or a running one whose lease ran out, for
   * `leaseMs`; concurrent claimers skip each other's rows (FOR UPDATE SKIP LOCKED).
   */
  async claim(kinds: readonly string[], leaseMs: number): Promise<ClaimedJob | undefined> {
    if (kinds.length === 0) return undefined;
    const { rows } = await sql<Pick<Selectable<JobsTable>, 'id' | 'kind' | 'owner_id' | 'payload' | 'attempts'>>`
      update jobs set
        status = 'running',
        attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
        updated_at = now()
      where id = (
        select id from jobs
        where kind in (${sql.join(kinds)})
          and (status = 'pending' or (status = 'running' and (locked_until is null or locked_until < now())))
        order by created_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, owner_id, payload, attempts`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload;
    return { id: row.id, kind: row.kind, ownerId: row.owner_id, payload, attempts: row.attempts };
  }

  /** Extends the lease of a job still held by this claim; false when the claim was lost. */
  async renew(job: ClaimedJob, leaseMs: number): Promise<boolean> {
    const result = await sql`
      update jobs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
      where id = ${job.id} and status = 'running' and attempts = ${job.attempts}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  /** Completes the job if this claim still holds it. */
  async complete(job: ClaimedJob, result: unknown): Promise<boolean> {
    const updated = await this.db
      .updateTable('jobs')
      .set({ status: 'completed', result: JSON.stringify(result ?? null), error: null, locked_until: null, updated_at: new Date() })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async fail(job: ClaimedJob, error: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('jobs')
      .set({ status: 'failed', error, locked_until: null, updated_at: new Date() })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Puts a job back to pending (e.g. to compute a failed job again on request). */
  async retry(id: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'pending', error: null, result: null, attempts: 0, locked_until: null, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .returning(sql<string>`pg_notify(${JOBS_CHANNEL}, kind)`.as('notified'))
      .execute();
  }
}
