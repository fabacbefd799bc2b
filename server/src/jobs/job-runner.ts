import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { Database } from '../db/database';
import { JOBS_CHANNEL, type Notifications } from '../db/notifications';
import { JobFailure, JobQueue, type ClaimedJob } from './job-queue';

/** What a handler gets: the job's payload, its owner, and a signal that aborts on timeout or stop. */
export interface JobContext {
  id: string;
  kind: string;
  payload: unknown;
  owner: string | null;
  attempt: number;
  signal: AbortSignal;
}

export interface JobHandler {
  /** Returns the job's result (stored as JSON). Throw JobFailure for a reason the user may read. */
  run(job: JobContext): Promise<unknown>;
  /** Longest run of one attempt; default the runner's. */
  timeoutMs?: number;
}

export interface JobRunnerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  /** How long a claim holds a job without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  timeoutMs?: number;
  /** How often it looks for work while no notifications come (PGlite without them, a lost LISTEN connection). */
  pollMs?: number;
  /**
   * Wakes the runner when a job of its kinds is enqueued in any process (JOBS_CHANNEL); it then
   * looks on its own only every idlePollMs (a lease that ran out, a notification gone missing).
   */
  notifications?: Notifications | undefined;
  idlePollMs?: number;
  /** Jobs worked on at once by this runner. */
  concurrency?: number;
  /** Claims beyond this fail the job (a job that brings its runner down each time). */
  maxAttempts?: number;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const INTERNAL = 'The job failed unexpectedly';

/**
 * Runs the jobs of its kinds: claims one per free slot, renews the lease while it works, settles
 * it with the handler's result or failure. A stopped runner aborts its jobs and leaves them to the
 * next claim (the lease runs out), so a restart resumes them; past maxAttempts a job fails.
 */
export class JobRunner {
  readonly queue: JobQueue;
  private readonly leaseMs: number;
  private readonly timeoutMs: number;
  private readonly pollMs: number;
  private readonly idlePollMs: number;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly controller = new AbortController();
  private readonly active = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private filling = false;
  /** A nudge came while filling: the claim may have looked before the job was there. */
  private again = false;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: JobRunnerOptions) {
    this.queue = new JobQueue(options.db);
    this.timeoutMs = options.timeoutMs ?? 5 * 60_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1000;
    this.idlePollMs = Math.max(this.pollMs, options.idlePollMs ?? 5000);
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  start(): void {
    this.stopped = false;
    const kinds = new Set(Object.keys(this.options.handlers));
    // Listening started or stopped: look now, and again at the interval that now applies.
    this.unsubscribe ??= this.options.notifications?.subscribe(JOBS_CHANNEL, undefined, (reason, kind) => {
      if (reason !== 'notified' || (kind !== undefined && kinds.has(kind))) this.nudge();
    });
    this.nudge();
  }

  /** Looks for work now (after an enqueue) instead of at the next poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = true;
    this.again = false;
    clearTimeout(this.timer);
    void this.fill()
      .catch((error: unknown) => this.options.log?.error({ err: error }, 'job runner failed to claim'))
      .finally(() => {
        this.filling = false;
        if (this.stopped) return;
        if (this.again) return this.nudge();
        this.timer = setTimeout(() => this.nudge(), this.options.notifications?.listening ? this.idlePollMs : this.pollMs);
        this.timer.unref();
      });
  }

  /** Stops claiming, aborts the jobs in work and waits for them to let go. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearTimeout(this.timer);
    this.controller.abort();
    await Promise.allSettled([...this.active]);
  }

  /** Runs jobs until none waits (tests; the runner does the same on its own once started). */
  async drain(): Promise<void> {
    for (;;) {
      const job = await this.queue.claim(Object.keys(this.options.handlers), this.leaseMs);
      if (!job) return;
      await this.process(job);
    }
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.active.size < this.concurrency) {
      const job = await this.queue.claim(Object.keys(this.options.handlers), this.leaseMs);
      if (!job) return;
      const work = this.process(job).finally(() => {
        this.active.delete(work);
        this.nudge();
      });
      this.active.add(work);
    }
  }

  private async process(job: ClaimedJob): Promise<void> {
    const { log } = this.options;
    const handler = this.options.handlers[job.kind]!;
    if (job.attempts > this.maxAttempts) {
      await this.queue.fail(job, `Gave up after ${this.maxAttempts} attempts`);
      return;
    }
    const attempt = new AbortController();
    const onStop = () => attempt.abort(new Error('stopping'));
    this.controller.signal.addEventListener('abort', onStop);
    const timeoutMs = handler.timeoutMs ?? this.timeoutMs;
    const timeout = setTimeout(() => attempt.abort(new JobFailure('The job took too long')), timeoutMs);
    const renew = setInterval(() => {
      void this.queue.renew(job, this.leaseMs).then((held) => {
        if (!held) attempt.abort(new Error('claim lost'));
      });
    }, Math.max(50, this.leaseMs / 3));
    // One trace per job attempt (a no-op without tracing): its model calls and queries hang below it
    // instead of each starting a trace of its own.
    const span = trace.getTracer('assistant-server').startSpan(`job ${job.kind}`, {
      kind: SpanKind.CONSUMER,
      attributes: { 'job.kind': job.kind, 'job.id': job.id, 'job.attempt': job.attempts },
    });
    try {
      const result = await context.with(trace.setSpan(context.active(), span), () =>
        handler.run({ id: job.id, kind: job.kind, payload: job.payload, owner: job.ownerId, attempt: job.attempts, signal: attempt.signal }),
      );
      if (attempt.signal.aborted && this.controller.signal.aborted) return;
      await this.queue.complete(job, result);
    } catch (error) {
      // Stopping: leave the job to the next claim (its lease runs out; a restart resumes it).
      if (this.controller.signal.aborted) return;
      const reason = attempt.signal.reason instanceof JobFailure ? attempt.signal.reason : error;
      if (!(reason instanceof JobFailure)) log?.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      span.setStatus({ code: SpanStatusCode.ERROR, message: reason instanceof JobFailure ? reason.message : INTERNAL });
      await this.queue.fail(job, reason instanceof JobFailure ? reason.message : INTERNAL);
    } finally {
      span.end();
      clearTimeout(timeout);
      clearInterval(renew);
      this.controller.signal.removeEventListener('abort', onStop);
    }
  }
}
