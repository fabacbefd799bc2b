import { RETENTION_KINDS, type RetentionKind } from '@assistant/contracts';
import type { Database } from '../db/database';
import type { Notifications } from '../db/notifications';
import { JobFailure } from '../jobs/job-queue';
import { JobRunner, type JobHandler } from '../jobs/job-runner';
import type { FileRemovals } from './file-removals';
import { RETENTION_BATCH_SIZE, deleteOldBatch } from './retention-deletions';
import { cutoffsOf } from './retention-policy';
import { RETENTION_JOB_KIND, RetentionRuns, retentionJobPayloadSchema } from './retention-runs';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void; debug?(obj: object, msg: string): void };

/** Claims of one run (restarts during it) before it fails with the reason. */
const MAX_ATTEMPTS = 5;

export interface RetentionJobOptions {
  db: Database;
  runs: RetentionRuns;
  files: FileRemovals;
  batchSize?: number;
  log?: Log;
}

/**
 * The `retention` job: works through the run's kinds in batches, each batch one transaction that
 * deletes and counts, the bytes of deleted files removed after it committed. A stopping runner
 * (or a killed process) leaves the run as it is: the next claim resumes it from what is left, with
 * the same policy and the same moment to count ages from, and the counts already committed.
 */
export function retentionJobHandler(options: RetentionJobOptions): JobHandler {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  return {
    timeoutMs: 6 * 60 * 60_000,
    async run(job) {
      const { run_id: runId } = retentionJobPayloadSchema.parse(job.payload);
      const work = await options.runs.resume(runId);
      if (!work) return { run_id: runId };
      if (job.attempt > MAX_ATTEMPTS) {
        const reason = `The run was started ${MAX_ATTEMPTS} times without finishing; the next run continues`;
        await options.runs.finish(runId, reason);
        throw new JobFailure(reason);
      }
      try {
        // Bytes a killed process left queued go first.
        await options.files.drain();
        for (const kind of RETENTION_KINDS) await deleteKind(kind);
      } catch (error) {
        // Stopping or a lost claim: the next claim resumes the run.
        if (job.signal.aborted && !(job.signal.reason instanceof JobFailure)) throw error;
        const reason = job.signal.reason instanceof JobFailure ? job.signal.reason.message : 'The run failed unexpectedly; the next run continues';
        if (!(job.signal.reason instanceof JobFailure)) options.log?.error({ err: error, runId }, 'retention run failed');
        await options.runs.finish(runId, reason);
        throw new JobFailure(reason);
      }
      const finished = await options.runs.finish(runId);
      options.log?.info({ runId, deleted: finished?.deleted }, 'retention run ended');
      return { run_id: runId, deleted: finished?.deleted };

      async function deleteKind(kind: RetentionKind): Promise<void> {
        const cutoffs = cutoffsOf(work!.policy, kind, work!.startedAt);
        if (!cutoffs.all && cutoffs.groups.length === 0) return;
        for (;;) {
          if (job.signal.aborted) throw job.signal.reason;
          const batch = await options.db.transaction().execute(async (trx) => {
            const result = await deleteOldBatch(trx, kind, cutoffs, batchSize);
            await RetentionRuns.count(trx, runId, kind, result.deleted);
            return result;
          });
          await options.files.remove(batch.storageKeys);
          options.log?.debug?.({ runId, kind, deleted: batch.deleted }, 'retention batch deleted');
          if (batch.found < batchSize) return;
        }
      }
    },
  };
}

/**
 * A JobRunner for the retention job alone: one run at a time per process, and the job queue's
 * claim makes it one at a time over all replicas; a replica that stops mid-run leaves it to the
 * next claim once its lease ran out.
 */
export function retentionJobRunner(options: RetentionJobOptions & { notifications?: Notifications | undefined; leaseMs?: number; pollMs?: number; idlePollMs?: number }): JobRunner {
  return new JobRunner({
    db: options.db,
    handlers: { [RETENTION_JOB_KIND]: retentionJobHandler(options) },
    concurrency: 1,
    leaseMs: options.leaseMs ?? 60_000,
    timeoutMs: 6 * 60 * 60_000,
    // Resuming is the normal way past a restart; a run that brings its process down each time
    // stops: one claim more than MAX_ATTEMPTS reaches the handler, which records why on the run.
    maxAttempts: MAX_ATTEMPTS + 1,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    ...(options.idlePollMs !== undefined ? { idlePollMs: options.idlePollMs } : {}),
    notifications: options.notifications,
    ...(options.log ? { log: options.log } : {}),
  });
}

/** The latest start of the day's run at or before `now`: today at `hour` UTC, or yesterday's. */
export function latestScheduledStart(now: Date, hour: number): Date {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  return today <= now ? today : new Date(today.getTime() - 24 * 60 * 60_000);
}

/**
 * Starts the daily run: each replica ticks, and the first tick past the day's start time (RETENTION_HOUR,
 * UTC) on any replica starts it, unless the policy deletes nothing. A server that was down at that
 * hour starts it at its next tick.
 */
export class RetentionScheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: { runs: RetentionRuns; hour: number; nudge: () => void; now?: () => Date; tickMs?: number; log?: Log },
  ) {}

  start(): void {
    const tick = () => {
      this.tick().catch((error: unknown) => this.options.log?.error({ err: error }, 'retention scheduling failed'));
    };
    this.timer = setInterval(tick, this.options.tickMs ?? 10 * 60_000);
    this.timer.unref();
    tick();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Starts the day's run if it is due; answers whether it did. */
  async tick(): Promise<boolean> {
    const now = this.options.now?.() ?? new Date();
    const run = await this.options.runs.startScheduled(latestScheduledStart(now, this.options.hour));
    if (!run) return false;
    this.options.log?.info({ runId: run.id }, 'retention run scheduled');
    this.options.nudge();
    return true;
  }
}
