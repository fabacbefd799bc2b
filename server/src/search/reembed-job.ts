import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Embedder } from '../inference/embeddings';
import { JobFailure, JobQueue } from '../jobs/job-queue';
import type { JobHandler } from '../jobs/job-runner';
import { embeddingsMissing, reembedBatch } from './passage-embeddings';

/** The job kind of re-embedding (jobs/job-runner.ts). */
export const REEMBED_JOB_KIND = 'reembed';
/** pg_advisory_xact_lock key of scheduling a re-embedding (any 64-bit number no other lock uses). */
const REEMBED_SCHEDULE_LOCK = 5_118_402_733_906_551n;

export interface ReembedJobResult {
  model: string;
  embedded: number;
  /** Passages were left for a follow-up job (this attempt's time was up). */
  continued: boolean;
}

/**
 * The re-embedding job: batches of passages without an embedding of the current EMBEDDINGS_MODEL
 * (new model, never embedded, or the endpoint failed during their ingestion), one `/embeddings`
 * request each, until none is left. An attempt works for at most `sliceMs` and then enqueues a
 * follow-up job, so no attempt runs into the runner's timeout on a large corpus; what a batch
 * stored stays stored, so an aborted attempt (stop, restart) loses at most one batch. A failing
 * endpoint fails the job (the passages stay full-text searchable); the next start or the next
 * ingestion that misses vectors schedules it again.
 */
export function reembedJobHandler(input: { db: Database; embedder: Embedder; queue: JobQueue; sliceMs?: number; nudge?: () => void }): JobHandler {
  const sliceMs = input.sliceMs ?? 2 * 60_000;
  return {
    // The runner's limit is a backstop: the slice ends well before it.
    timeoutMs: sliceMs + 3 * 60_000,
    async run(job) {
      const started = Date.now();
      let embedded = 0;
      for (;;) {
        if (job.signal.aborted) throw job.signal.reason;
        let batch;
        try {
          batch = await reembedBatch({ db: input.db, embedder: input.embedder, signal: job.signal });
        } catch (error) {
          if (job.signal.aborted) throw error;
          throw new JobFailure(`Re-embedding with ${input.embedder.model} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        embedded += batch.embedded;
        if (!batch.more) return { model: input.embedder.model, embedded, continued: false } satisfies ReembedJobResult;
        if (Date.now() - started >= sliceMs) {
          await input.queue.enqueue(REEMBED_JOB_KIND, { model: input.embedder.model });
          input.nudge?.();
          return { model: input.embedder.model, embedded, continued: true } satisfies ReembedJobResult;
        }
      }
    },
  };
}

/**
 * Enqueues a re-embedding job when passages lack an embedding of `model` and no re-embedding job
 * is pending or running already. Called at start (after the server listens: it only looks, the
 * job runner does the work in the background) and when an ingestion could not embed a document.
 * Answers whether a job was enqueued.
 */
export async function scheduleReembedding(input: { db: Database; model: string }): Promise<boolean> {
  // Several server processes start together (WEB_CONCURRENCY, replicas): without the lock each
  // would see no job and enqueue one, and the passages would be embedded twice.
  return input.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(REEMBED_SCHEDULE_LOCK)})`.execute(trx);
    const { rows } = await sql<{ one: number }>`
      select 1 as one from jobs where kind = ${REEMBED_JOB_KIND} and status in ('pending', 'running') limit 1`.execute(trx);
    if (rows.length > 0) return false;
    if (!(await embeddingsMissing(trx, input.model))) return false;
    await new JobQueue(trx).enqueue(REEMBED_JOB_KIND, { model: input.model });
    return true;
  });
}
