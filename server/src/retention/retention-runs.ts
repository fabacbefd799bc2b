import { randomUUID } from 'node:crypto';
import { retentionPolicySchema, type RetentionKind, type RetentionPolicy, type RetentionRun } from '@assistant/contracts';
import { sql, type Selectable, type Transaction } from 'kysely';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log';
import type { Database } from '../db/database';
import type { DatabaseSchema, RetentionRunsTable } from '../db/schema';
import { JobQueue } from '../jobs/job-queue';
import { deletesAnything, type RetentionPolicyRepository } from './retention-policy';

/** The retention job: one at a time under one key, so a run asked for while one is under way is that one. */
export const RETENTION_JOB_KIND = 'retention';
const RETENTION_JOB_KEY = 'retention';

/** The audit log's actor of a run the daily schedule started. */
export const RETENTION_SCHEDULE_ACTOR = 'system:retention';

/** Runs the administration page lists. */
const LISTED_RUNS = 20;

export const retentionJobPayloadSchema = z.object({ run_id: z.string() });

type Trx = Transaction<DatabaseSchema>;
type RunRow = Selectable<RetentionRunsTable>;

function toRun(row: RunRow & { requested_by_name?: string | null }): RetentionRun {
  return {
    id: row.id,
    started_at: new Date(row.started_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    status: row.status,
    deleted: row.deleted,
    requested_by: row.requested_by,
    ...(row.requested_by_name !== undefined && { requested_by_name: row.requested_by_name }),
    error: row.error,
  };
}

/** A run as the job works on it: the policy it started with and the moment its ages count from. */
export interface RunInWork {
  run: RetentionRun;
  policy: RetentionPolicy;
  startedAt: Date;
}

/**
 * Runs of the retention job (table retention_runs, migration 0029): starting one enqueues the job
 * and writes the run in one transaction; each batch adds its count in its own transaction; the
 * end is recorded in the audit log with the counts. `now` is the clock the runs count ages from.
 */
export class RetentionRuns {
  constructor(
    private readonly db: Database,
    private readonly policies: RetentionPolicyRepository,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Starts a run now (`requestedBy` null: the schedule). A run pending or under way is the one
   * answered, `created` false: the job runs once at a time on any replica.
   */
  async start(requestedBy: string | null): Promise<{ run: RetentionRun; created: boolean }> {
    return this.db.transaction().execute((trx) => this.startIn(trx, requestedBy));
  }

  /**
   * The schedule's start: a run unless one the schedule started began at or after `since` (the
   * day's start time), or the policy deletes nothing. Replicas ticking at once serialize on an
   * advisory lock, so one of them starts it.
   */
  async startScheduled(since: Date): Promise<RetentionRun | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('retention:schedule'))`.execute(trx);
      const recent = await trx.selectFrom('retention_runs').select('id').where('requested_by', 'is', null).where('started_at', '>=', since).executeTakeFirst();
      if (recent || !deletesAnything(await this.policies.read(trx))) return undefined;
      const { run, created } = await this.startIn(trx, null);
      return created ? run : undefined;
    });
  }

  private async startIn(trx: Trx, requestedBy: string | null): Promise<{ run: RetentionRun; created: boolean }> {
    const id = randomUUID();
    const created = await new JobQueue(trx).enqueueAgain(RETENTION_JOB_KIND, { run_id: id }, { key: RETENTION_JOB_KEY });
    if (!created) {
      const job = await trx.selectFrom('jobs').select('payload').where('key', '=', RETENTION_JOB_KEY).executeTakeFirstOrThrow();
      const { run_id: current } = retentionJobPayloadSchema.parse(typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload);
      return { run: toRun(await this.ensure(trx, current, requestedBy)), created: false };
    }
    // Only this job runs: a run left "running" belonged to a job that gave up (restarted too often).
    await trx
      .updateTable('retention_runs')
      .set({ status: 'failed', error: 'Stopped before it finished', finished_at: this.now() })
      .where('status', '=', 'running')
      .execute();
    return { run: toRun(await this.ensure(trx, id, requestedBy)), created: true };
  }

  /** The run with this id, written now (with the current policy) if it is not yet. */
  private async ensure(trx: Trx | Database, id: string, requestedBy: string | null): Promise<RunRow> {
    const policy = await this.policies.read(trx);
    await trx
      .insertInto('retention_runs')
      .values({ id, started_at: this.now(), status: 'running', requested_by: requestedBy, policy: JSON.stringify(policy) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return trx.selectFrom('retention_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** The latest runs, newest first. */
  async list(): Promise<RetentionRun[]> {
    const rows = await this.db
      .selectFrom('retention_runs as r')
      .leftJoin('directory_users as u', 'u.sub', 'r.requested_by')
      .selectAll('r')
      .select('u.name as requested_by_name')
      .orderBy('r.started_at', 'desc')
      .orderBy('r.id')
      .limit(LISTED_RUNS)
      .execute();
    return rows.map(toRun);
  }

  /** The run the job works on, resumed as it was left; undefined once it ended. */
  async resume(id: string): Promise<RunInWork | undefined> {
    const row = await this.ensure(this.db, id, null);
    if (row.status !== 'running') return undefined;
    return { run: toRun(row), policy: retentionPolicySchema.parse(row.policy), startedAt: new Date(row.started_at) };
  }

  /** Adds a batch's count to the run, in the batch's transaction (so it counts once, or not at all). */
  static async count(trx: Trx, runId: string, kind: RetentionKind, deleted: number): Promise<void> {
    if (deleted === 0) return;
    await sql`
      update retention_runs
      set deleted = jsonb_set(deleted, array[${kind}]::text[], to_jsonb(coalesce((deleted ->> ${kind})::bigint, 0) + ${deleted}))
      where id = ${runId}`.execute(trx);
  }

  /** Ends a running run (done, or failed with the reason) and records it in the audit log; once. */
  async finish(id: string, error?: string): Promise<RetentionRun | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('retention_runs')
        .set({ status: error === undefined ? 'done' : 'failed', finished_at: this.now(), error: error ?? null })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await this.audit.record(
        {
          actor: row.requested_by ?? RETENTION_SCHEDULE_ACTOR,
          action: 'retention.run',
          subjectKind: 'retention_run',
          subjectId: row.id,
          after: { status: row.status, deleted: row.deleted, ...(error === undefined ? {} : { error }) },
        },
        trx,
      );
      return toRun(row);
    });
  }
}
