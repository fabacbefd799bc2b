import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { Notifications } from '../../db/notifications';
import { JobFailure, JobQueue } from '../../jobs/job-queue';
import { JobRunner, type JobHandler } from '../../jobs/job-runner';
import { LibraryError } from '../connector';
import { syncBinding, type SyncDependencies } from './sync-binding';

/** The job that syncs one binding; its key is `library-sync:<binding id>`, so one binding never syncs twice at once. */
export const LIBRARY_SYNC_JOB_KIND = 'library-sync';

export const librarySyncJobKey = (bindingId: string) => `${LIBRARY_SYNC_JOB_KIND}:${bindingId}`;

const payloadSchema = z.object({ binding_id: z.string() });

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Asks for a sync of the binding: its job becomes pending, unless it is pending or running
 * already (then that sync is the one asked for). Answers whether a sync was newly asked for.
 */
export async function requestLibrarySync(queue: JobQueue, binding: { id: string; created_by: string }): Promise<boolean> {
  return queue.enqueueAgain(LIBRARY_SYNC_JOB_KIND, { binding_id: binding.id }, { key: librarySyncJobKey(binding.id), owner: binding.created_by });
}

export interface LibrarySyncJobOptions extends SyncDependencies {
  /** One attempt of a sync; past it the binding fails with the reason, and the next sync resumes. Default 2 h. */
  timeoutMs?: number;
  /** Claims of one sync (restarts during it) before the binding fails; default 3. */
  maxAttempts?: number;
  log?: Log;
}

/**
 * The `library-sync` job: runs syncBinding and records a failure on the binding for its user
 * (the library's own message, or a generic one for anything else, which is logged). A stopping
 * runner leaves the job to the next claim: the sync resumes where it was.
 */
export function librarySyncJobHandler(options: LibrarySyncJobOptions): JobHandler {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const failed = async (bindingId: string, problem: string): Promise<never> => {
    await options.store.fail(bindingId, problem, options.intervalMs);
    throw new JobFailure(problem);
  };
  return {
    timeoutMs,
    async run(job) {
      const { binding_id: bindingId } = payloadSchema.parse(job.payload);
      if (job.attempt > maxAttempts) return failed(bindingId, `The sync was started ${maxAttempts} times without finishing; it continues at the next sync`);
      try {
        const outcome = await syncBinding(bindingId, options, job.signal);
        options.log?.info({ bindingId, ...outcome }, 'library sync ended');
        return outcome;
      } catch (error) {
        // The runner stops (or lost the claim): the binding stays as it is for the next claim.
        if (job.signal.aborted && !(job.signal.reason instanceof JobFailure)) throw error;
        if (job.signal.aborted) return failed(bindingId, `The sync took longer than ${Math.round(timeoutMs / 60_000)} minutes; it continues at the next sync`);
        if (error instanceof LibraryError) {
          options.log?.warn({ bindingId, reason: error.reason, message: error.message }, 'library sync failed');
          return failed(bindingId, error.message);
        }
        options.log?.error({ err: error, bindingId }, 'library sync failed unexpectedly');
        return failed(bindingId, 'The sync failed unexpectedly; it is tried again at the next sync');
      }
    },
  };
}

/**
 * A JobRunner for syncs: a few bindings at once per process (each downloads a few files at once),
 * one claim more than maxAttempts so that the handler records the give-up on the binding. The
 * job queue's claim makes one replica work on a binding at a time.
 */
export function librarySyncJobRunner(
  options: LibrarySyncJobOptions & { db: Database; notifications?: Notifications | undefined; pollMs?: number; leaseMs?: number; concurrentSyncs?: number },
): JobRunner {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  return new JobRunner({
    db: options.db,
    handlers: { [LIBRARY_SYNC_JOB_KIND]: librarySyncJobHandler({ ...options, maxAttempts }) },
    concurrency: options.concurrentSyncs ?? 2,
    leaseMs: options.leaseMs ?? 60_000,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxAttempts: maxAttempts + 1,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    notifications: options.notifications,
    ...(options.log ? { log: options.log } : {}),
  });
}

/**
 * Asks for the sync of every binding that is due (not paused, its next sync time reached, its
 * connection not waiting for a new sign-in). Each replica runs one; a due binding is taken by
 * one of them (FOR UPDATE SKIP LOCKED), its next time moved on at once, so it is asked for once.
 */
export class LibrarySyncScheduler {
  private timer: NodeJS.Timeout | undefined;
  private readonly queue: JobQueue;

  constructor(
    private readonly options: { db: Database; intervalMs: number; nudge: () => void; tickMs?: number; log?: Log },
  ) {
    this.queue = new JobQueue(options.db);
  }

  start(): void {
    const tick = () => {
      this.tick().catch((error: unknown) => this.options.log?.error({ err: error }, 'library sync scheduling failed'));
    };
    this.timer = setInterval(tick, this.options.tickMs ?? Math.min(60_000, this.options.intervalMs));
    this.timer.unref();
    tick();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Enqueues the due bindings' syncs; answers how many. */
  async tick(): Promise<number> {
    const intervalSeconds = this.options.intervalMs / 1000;
    let asked = 0;
    for (;;) {
      const { rows } = await sql<{ id: string; created_by: string }>`
        update library_bindings set next_sync_at = now() + make_interval(secs => ${intervalSeconds})
        where id in (
          select b.id from library_bindings b
          join library_connections c on c.id = b.connection_id
          where b.state <> 'paused' and c.state <> 'needs-sign-in'
            and (b.next_sync_at is null or b.next_sync_at <= now())
          order by b.next_sync_at nulls first
          limit 100
          for update of b skip locked
        )
        returning id, created_by`.execute(this.options.db);
      for (const binding of rows) if (await requestLibrarySync(this.queue, binding)) asked += 1;
      if (rows.length < 100) break;
    }
    if (asked > 0) this.options.nudge();
    return asked;
  }
}

const DEFAULT_TIMEOUT_MS = 2 * 60 * 60_000;
const DEFAULT_MAX_ATTEMPTS = 3;
