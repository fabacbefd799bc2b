import { INGESTION_ERROR_CODES, type IngestionError, type IngestionErrorCode } from '@assistant/contracts';
import type { Database } from '../db/database';
import { IngestionRunsRepository, type ClaimedRun } from '../db/repositories/ingestion-runs-repository';
import { DocumentParseError, type ParsedDocument } from './document-model';
import type { FileStorage } from './file-storage';

/** The parser and the indexer, injected so tests (and the runner before they exist) use stand-ins. */
export interface IngestionDependencies {
  /** `parseDocument` of ingestion/parsers: throws DocumentParseError with a DATA code. */
  parse(bytes: Uint8Array, mediaType: string, options?: { signal?: AbortSignal }): Promise<ParsedDocument>;
  /** `indexDocument` of search/index-document: writes document_pages and passages of the file. */
  index(db: Database, input: { fileId: string; collectionId: string; document: ParsedDocument }): Promise<void>;
}

export interface IngestionRunnerOptions {
  db: Database;
  storage: FileStorage;
  deps: IngestionDependencies;
  /** How long a claim holds a run; a runner that stops (crash, restart) leaves it to others after this. */
  lockMs?: number;
  /** Per document (DATA0007 past it). */
  timeoutMs?: number;
  /** Poll interval while idle. */
  pollMs?: number;
  /** Claims beyond this fail the run (a document that brings the runner down each time). */
  maxAttempts?: number;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
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

class TimeoutError extends Error {}

/**
 * Ingestion as persisted jobs: runs are rows (created -> running -> completed | failed); a runner
 * claims one at a time with a lock that expires, so runs a stopped runner held are claimed again
 * after a restart, and several replicas never work on the same run.
 */
export class IngestionRunner {
  private readonly runs: IngestionRunsRepository;
  private readonly lockMs: number;
  private readonly timeoutMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly controller = new AbortController();

  constructor(private readonly options: IngestionRunnerOptions) {
    this.runs = new IngestionRunsRepository(options.db);
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.lockMs = options.lockMs ?? Math.max(this.timeoutMs + 60_000, 5 * 60_000);
    this.pollMs = options.pollMs ?? 1000;
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  /** Polls every `pollMs` until stop(). */
  start(): void {
    this.stopped = false;
    this.nudge();
  }

  /** Looks for work now (after an upload) instead of at the next poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log?.error({ err: error }, 'ingestion runner failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.nudge();
        } else {
          this.timer = setTimeout(() => this.nudge(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  /** Stops polling, aborts the document in work and waits for the runner to let go. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.controller.abort();
    await this.running;
  }

  /** Processes runs until none waits; answers how many it finished. */
  async drain(): Promise<number> {
    let done = 0;
    while (!this.controller.signal.aborted) {
      const run = await this.runs.claim(this.lockMs);
      if (!run) break;
      await this.process(run);
      done++;
    }
    return done;
  }

  private async process(run: ClaimedRun): Promise<void> {
    const { db, storage, deps, log } = this.options;
    await db.updateTable('files').set({ status: 'processing', updated_at: new Date() }).where('id', '=', run.fileId).execute();
    if (run.attempts > this.maxAttempts) {
      await this.runs.fail(run, ingestionError('DATA0009', `Gave up after ${this.maxAttempts} attempts`));
      return;
    }
    let bytes: Buffer;
    try {
      bytes = await storage.read(run.storageKey);
    } catch (error) {
      log?.error({ err: error, runId: run.id }, 'stored file unreadable');
      await this.runs.fail(run, ingestionError('DATA0008', 'The stored file could not be read'));
      return;
    }
    if (bytes.length === 0) {
      await this.runs.fail(run, ingestionError('DATA0006', INGESTION_ERROR_CODES.DATA0006));
      return;
    }
    const timeout = new AbortController();
    const abortOnStop = () => timeout.abort(new Error('stopping'));
    this.controller.signal.addEventListener('abort', abortOnStop);
    let timer: NodeJS.Timeout | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timeout.abort(new TimeoutError());
          reject(new TimeoutError());
        }, this.timeoutMs);
      });
      const document = await Promise.race([deps.parse(new Uint8Array(bytes), run.mediaType, { signal: timeout.signal }), timedOut]);
      const completed = await Promise.race([
        db.transaction().execute(async (trx) => {
          // A run claimed again after a crash may find pages of the first try: start clean.
          await trx.deleteFrom('passages').where('file_id', '=', run.fileId).execute();
          await trx.deleteFrom('document_pages').where('file_id', '=', run.fileId).execute();
          await deps.index(trx, { fileId: run.fileId, collectionId: run.collectionId, document });
          const ok = await this.runs.complete(run, trx);
          if (!ok) throw new LostClaimError();
          return ok;
        }),
        timedOut,
      ]);
      if (completed) log?.info({ runId: run.id, fileId: run.fileId, pages: document.pages.length }, 'ingestion completed');
    } catch (error) {
      if (error instanceof LostClaimError) return;
      if (this.controller.signal.aborted && !(error instanceof TimeoutError)) {
        // Stopping: leave the run to the next claim once its lock expires (restart resumes it).
        return;
      }
      await this.runs.fail(run, this.toIngestionError(error, run));
    } finally {
      clearTimeout(timer);
      this.controller.signal.removeEventListener('abort', abortOnStop);
    }
  }

  private toIngestionError(error: unknown, run: ClaimedRun): IngestionError {
    if (error instanceof DocumentParseError) return ingestionError(error.dataCode, error.message);
    if (error instanceof TimeoutError) {
      const limit = this.timeoutMs >= 1000 ? `${Math.round(this.timeoutMs / 1000)} s` : `${this.timeoutMs} ms`;
      return ingestionError('DATA0007', `Processing took longer than ${limit}`);
    }
    this.options.log?.error({ err: error, runId: run.id }, 'ingestion failed unexpectedly');
    return ingestionError('DATA0009', INGESTION_ERROR_CODES.DATA0009);
  }
}

class LostClaimError extends Error {}
