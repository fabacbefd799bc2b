import { INGESTION_ERROR_CODES, type IngestionError, type IngestionErrorCode } from '@assistant/contracts';
import { z } from 'zod';
import type { Database } from '../db/database';
import type { Notifications } from '../db/notifications';
import { INGESTION_JOB_KIND, IngestionRunsRepository, type ClaimedRun } from '../db/repositories/ingestion-runs-repository';
import { JobFailure } from '../jobs/job-queue';
import { JobRunner, type JobContext, type JobHandler } from '../jobs/job-runner';
import { DocumentParseError, type ParsedDocument } from './document-model';
import type { FileStorage } from './file-storage';

/** The parser and the indexer, injected so tests use stand-ins. */
export interface IngestionDependencies {
  /** `parseDocument` of ingestion/parsers: throws DocumentParseError with a DATA code. */
  parse(bytes: Uint8Array, mediaType: string, options?: { signal?: AbortSignal }): Promise<ParsedDocument>;
  /** `indexDocument` of search/index-document: writes document_pages and passages of the file. */
  index(db: Database, input: { fileId: string; collectionId: string; document: ParsedDocument }): Promise<void>;
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export interface IngestionJobOptions {
  db: Database;
  storage: FileStorage;
  deps: IngestionDependencies;
  /** Per document (DATA0007 past it); default 120 s. */
  timeoutMs?: number;
  /** Claims of a run beyond this fail it with DATA0009 (a document that brings its runner down each time); default 3. */
  maxAttempts?: number;
  log?: Log;
}

const HTTP_CODE: Record<IngestionErrorCode, number> = {
  DATA0001: 415,
  DATA0002: 413,
  DATA0003: 422,
  DATA0004: 422,
  DATA0005: 422,
  DATA0006: 422,
  DATA0007: 504,
  DATA0008: 500,
  DATA0009: 500,
};

export function ingestionError(dataCode: IngestionErrorCode, message: string, type = errorType(dataCode)): IngestionError {
  return { type, message, httpCode: HTTP_CODE[dataCode], dataCode };
}

function errorType(code: IngestionErrorCode): string {
  if (code === 'DATA0001' || code === 'DATA0002' || code === 'DATA0006') return 'validation';
  if (code === 'DATA0007') return 'timeout';
  if (code === 'DATA0008') return 'storage';
  if (code === 'DATA0009') return 'internal';
  return 'extraction';
}

const payloadSchema = z.object({ run_id: z.string() });

export type IngestionJobResult = { run_id: string; pages: number } | { run_id: string; failed: IngestionErrorCode } | { skipped: true };

/**
 * The `ingestion` job (IngestionRunsRepository.create enqueues one per run): processes the run's
 * file into pages and passages, and records the outcome on the run (completed, or failed with a
 * DATA code). A run that is over is left alone; past maxAttempts claims it fails with DATA0009;
 * past the timeout with DATA0007; a stopping runner (or a lost claim) leaves it `running` for the
 * next claim of its job, which starts it again from the stored file.
 */
export function ingestionJobHandler(options: IngestionJobOptions): JobHandler {
  const { db, storage, deps, log } = options;
  const runs = new IngestionRunsRepository(db);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  const failed = async (run: ClaimedRun, error: IngestionError): Promise<IngestionJobResult> => {
    await runs.fail(run, error);
    return { run_id: run.id, failed: error.dataCode };
  };

  const toIngestionError = (error: unknown, run: ClaimedRun): IngestionError => {
    if (error instanceof DocumentParseError) return ingestionError(error.dataCode, error.message);
    log?.error({ err: error, runId: run.id }, 'ingestion failed unexpectedly');
    return ingestionError('DATA0009', INGESTION_ERROR_CODES.DATA0009);
  };

  const run = async (job: JobContext): Promise<IngestionJobResult> => {
    const { run_id: runId } = payloadSchema.parse(job.payload);
    const run = await runs.start(runId, job.attempt);
    if (!run) return { skipped: true };
    if (job.attempt > maxAttempts) return failed(run, ingestionError('DATA0009', `Gave up after ${maxAttempts} attempts`));
    let bytes: Buffer;
    try {
      bytes = await storage.read(run.storageKey);
    } catch (error) {
      log?.error({ err: error, runId: run.id }, 'stored file unreadable');
      return failed(run, ingestionError('DATA0008', 'The stored file could not be read'));
    }
    if (bytes.length === 0) return failed(run, ingestionError('DATA0006', INGESTION_ERROR_CODES.DATA0006));
    // The runner aborts the signal on timeout, stop or a lost claim; a parser that ignores it is left behind.
    const aborted = rejectOnAbort(job.signal);
    try {
      const document = await Promise.race([deps.parse(new Uint8Array(bytes), run.mediaType, { signal: job.signal }), aborted]);
      await Promise.race([
        db.transaction().execute(async (trx) => {
          // A run claimed again after a crash may find pages of the first try: start clean.
          await trx.deleteFrom('passages').where('file_id', '=', run.fileId).execute();
          await trx.deleteFrom('document_pages').where('file_id', '=', run.fileId).execute();
          await deps.index(trx, { fileId: run.fileId, collectionId: run.collectionId, document });
          if (!(await runs.complete(run, trx))) throw new LostClaimError();
        }),
        aborted,
      ]);
      log?.info({ runId: run.id, fileId: run.fileId, pages: document.pages.length }, 'ingestion completed');
      return { run_id: run.id, pages: document.pages.length };
    } catch (error) {
      // A later claim of the job took the run over: it is that claim's to finish.
      if (error instanceof LostClaimError) return { skipped: true };
      // The runner stops (or lost the claim): the run stays as it is for the next claim.
      if (job.signal.aborted && !(job.signal.reason instanceof JobFailure)) throw error;
      if (job.signal.aborted) return failed(run, ingestionError('DATA0007', `Processing took longer than ${duration(timeoutMs)}`));
      return failed(run, toIngestionError(error, run));
    }
  };

  return { timeoutMs, run };
}

/**
 * A JobRunner for ingestion with its limits: one document at a time per process (parsing is CPU
 * work), a lease longer than a document may take (a long parse can hold up the renewals), and one
 * claim more than maxAttempts so that the handler records the give-up on the run.
 */
export function ingestionJobRunner(
  options: IngestionJobOptions & { notifications?: Notifications | undefined; leaseMs?: number; pollMs?: number },
): JobRunner {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  return new JobRunner({
    db: options.db,
    handlers: { [INGESTION_JOB_KIND]: ingestionJobHandler({ ...options, timeoutMs, maxAttempts }) },
    concurrency: 1,
    leaseMs: options.leaseMs ?? Math.max(timeoutMs + 60_000, 5 * 60_000),
    maxAttempts: maxAttempts + 1,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    notifications: options.notifications,
    ...(options.log ? { log: options.log } : {}),
  });
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_ATTEMPTS = 3;

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    else signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

class LostClaimError extends Error {}
