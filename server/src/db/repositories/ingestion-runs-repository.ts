import { randomUUID } from 'node:crypto';
import type { IngestionError, IngestionRun, IngestionRunMetadata, IngestionRunsPage } from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import type { Viewer } from '../../auth/principal';
import { orOwnAttachments, readableCollection } from '../../collections/collection-visibility';
import { JobQueue } from '../../jobs/job-queue';
import type { Database } from '../database';
import type { IngestionRunsTable } from '../schema';

/** The job kind that works on a run (ingestion/ingestion-job.ts); its key is `ingestion:<run id>`. */
export const INGESTION_JOB_KIND = 'ingestion';

/** A run a claim of its job works on, with what it needs to process the file. */
export interface ClaimedRun {
  id: string;
  fileId: string;
  collectionId: string;
  storageKey: string;
  mediaType: string;
  /** The job's claim; a completion only counts while the run still carries this number. */
  attempts: number;
}

export interface NewRun {
  id: string;
  fileId: string;
  /** The user the run works for (the file's uploader). */
  owner: string;
  metadata: IngestionRunMetadata;
  createdAt?: Date;
  /** Over at once, nothing to do (an image): recorded completed, no job enqueued. */
  completed?: boolean;
}

export class IngestionRunsRepository {
  constructor(private readonly db: Database) {}

  /** Runs of files the viewer may see, newest first; optionally of one collection. A conversation's attachments are not listed (their conversation shows them). */
  async page(viewer: Viewer, options: { page: number; size: number; collectionId?: string }): Promise<IngestionRunsPage> {
    let base = this.db
      .selectFrom('ingestion_runs as r')
      .innerJoin('files as f', 'f.id', 'r.file_id')
      .innerJoin('collections as c', 'c.id', 'f.collection_id')
      .where(readableCollection(viewer, 'c'));
    if (options.collectionId) base = base.where('c.id', '=', options.collectionId);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['r.id', 'r.file_id', 'r.status', 'r.errors', 'r.dataset_id', 'r.metadata'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(options.size)
        .offset((options.page - 1) * options.size)
        .execute(),
    ]);
    return { page: options.page, size: options.size, total: Number(count.n), runs: rows.map(toRun) };
  }

  /**
   * A new run for a file whose latest run failed (retry); undefined when the latest run did not
   * fail (nothing to retry, or one is under way).
   */
  async retry(fileId: string): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const file = await trx.selectFrom('files').select('created_by').where('id', '=', fileId).forUpdate().executeTakeFirst();
      if (!file) return undefined;
      const latest = await trx
        .selectFrom('ingestion_runs')
        .select(['status', 'metadata'])
        .where('file_id', '=', fileId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (latest?.status !== 'failed') return undefined;
      const id = randomUUID();
      await this.create({ id, fileId, owner: file.created_by, metadata: latest.metadata as IngestionRunMetadata }, trx);
      await trx.updateTable('files').set({ status: 'uploaded', updated_at: new Date() }).where('id', '=', fileId).execute();
      return id;
    });
  }

  async findVisible(runId: string, viewer: Viewer): Promise<IngestionRun | undefined> {
    const row = await this.db
      .selectFrom('ingestion_runs as r')
      .innerJoin('files as f', 'f.id', 'r.file_id')
      .innerJoin('collections as c', 'c.id', 'f.collection_id')
      .select(['r.id', 'r.file_id', 'r.status', 'r.errors', 'r.dataset_id', 'r.metadata'])
      .where('r.id', '=', runId)
      .where(orOwnAttachments(readableCollection(viewer, 'c'), viewer, 'c'))
      .executeTakeFirst();
    return row ? toRun(row) : undefined;
  }

  /**
   * Records a run (created) and enqueues its job, in the caller's transaction when given one: a
   * run never waits without a job, and the job's notification goes out once the run is committed.
   */
  async create(run: NewRun, db: Database = this.db): Promise<void> {
    await db
      .insertInto('ingestion_runs')
      .values({
        id: run.id,
        file_id: run.fileId,
        status: run.completed ? 'completed' : 'created',
        metadata: JSON.stringify(run.metadata),
        ...(run.createdAt ? { created_at: run.createdAt } : {}),
        ...(run.completed ? { dataset_id: run.fileId, started_at: run.createdAt ?? new Date(), finished_at: run.createdAt ?? new Date() } : {}),
      })
      .execute();
    if (run.completed) return;
    await new JobQueue(db).enqueue(INGESTION_JOB_KIND, { run_id: run.id }, { owner: run.owner, key: `${INGESTION_JOB_KIND}:${run.id}` });
  }

  /**
   * Marks the run as worked on by this claim of its job (`attempt`) and its file as processing, and
   * answers what processing needs; undefined when the run is over (an earlier claim finished it)
   * or gone with its file.
   */
  async start(runId: string, attempt: number): Promise<ClaimedRun | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const run = await trx
        .updateTable('ingestion_runs')
        .set({ status: 'running', attempts: attempt, started_at: sql<Date>`coalesce(started_at, now())` })
        .where('id', '=', runId)
        .where('status', 'in', ['created', 'running'])
        .returning('file_id')
        .executeTakeFirst();
      if (!run) return undefined;
      const file = await trx
        .updateTable('files')
        .set({ status: 'processing', updated_at: new Date() })
        .where('id', '=', run.file_id)
        .returning(['collection_id', 'storage_key', 'media_type'])
        .executeTakeFirst();
      if (!file) return undefined;
      return { id: runId, fileId: run.file_id, collectionId: file.collection_id, storageKey: file.storage_key, mediaType: file.media_type, attempts: attempt };
    });
  }

  /** Completes a run the caller still holds; false when it lost it (another runner took over). */
  async complete(run: ClaimedRun, db: Database = this.db): Promise<boolean> {
    const updated = await db
      .updateTable('ingestion_runs')
      .set({ status: 'completed', dataset_id: run.fileId, errors: null, finished_at: new Date() })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .where('attempts', '=', run.attempts)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await db.updateTable('files').set({ status: 'processed', updated_at: new Date() }).where('id', '=', run.fileId).execute();
    return true;
  }

  async fail(run: ClaimedRun, error: IngestionError): Promise<boolean> {
    const updated = await this.db
      .updateTable('ingestion_runs')
      .set({ status: 'failed', errors: JSON.stringify([error]), finished_at: new Date() })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .where('attempts', '=', run.attempts)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await this.db.updateTable('files').set({ status: 'processing-failed', updated_at: new Date() }).where('id', '=', run.fileId).execute();
    return true;
  }
}

function toRun(row: Pick<Selectable<IngestionRunsTable>, 'id' | 'file_id' | 'status' | 'errors' | 'dataset_id' | 'metadata'>): IngestionRun {
  return {
    id: row.id,
    fileId: row.file_id,
    status: row.status,
    output: row.status === 'completed' && row.dataset_id ? { datasetId: row.dataset_id } : null,
    errors: row.status === 'failed' ? ((row.errors as IngestionError[] | null) ?? []) : null,
    metadata: row.metadata as IngestionRunMetadata,
  };
}
