import { randomUUID } from 'node:crypto';
import type { IngestionError, IngestionRun, IngestionRunMetadata, IngestionRunsPage } from '@assistant/contracts';
import { sql } from 'kysely';
import type { Database } from '../database';
import type { Viewer } from './collections-repository';

/** A run a runner has claimed, with what it needs to process the file. */
export interface ClaimedRun {
  id: string;
  fileId: string;
  collectionId: string;
  storageKey: string;
  mediaType: string;
  /** After this claim; a completion only counts while the run still carries this number. */
  attempts: number;
}

export class IngestionRunsRepository {
  constructor(private readonly db: Database) {}

  /** Runs of files the viewer may see, newest first; optionally of one collection. A conversation's attachments are not listed (their conversation shows them). */
  async page(viewer: Viewer, options: { page: number; size: number; collectionId?: string }): Promise<IngestionRunsPage> {
    let base = this.db
      .selectFrom('ingestion_runs as r')
      .innerJoin('files as f', 'f.id', 'r.file_id')
      .innerJoin('collections as c', 'c.id', 'f.collection_id')
      .where((eb) => eb.or([eb('c.scope', '=', 'company'), eb('c.owner_id', '=', viewer.sub)]))
      .where('c.scope', '!=', 'conversation');
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
      const file = await trx.selectFrom('files').select('id').where('id', '=', fileId).forUpdate().executeTakeFirst();
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
      await trx.insertInto('ingestion_runs').values({ id, file_id: fileId, status: 'created', metadata: JSON.stringify(latest.metadata) }).execute();
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
      .where((eb) => eb.or([eb('c.scope', '=', 'company'), eb('c.owner_id', '=', viewer.sub)]))
      .executeTakeFirst();
    return row ? toRun(row) : undefined;
  }

  /**
   * Claims the oldest run that waits (created) or whose runner stopped holding it (running with an
   * expired lock, as after a restart), in one statement: `for update skip locked` keeps two
   * replicas from claiming the same run.
   */
  async claim(lockMs: number): Promise<ClaimedRun | undefined> {
    const result = await sql<{ id: string; file_id: string; attempts: number }>`
      update ingestion_runs set
        status = 'running',
        attempts = attempts + 1,
        started_at = coalesce(started_at, now()),
        locked_until = now() + make_interval(secs => ${lockMs / 1000})
      where id = (
        select id from ingestion_runs
        where status = 'created' or (status = 'running' and (locked_until is null or locked_until < now()))
        order by created_at, id
        limit 1
        for update skip locked
      )
      returning id, file_id, attempts`.execute(this.db);
    const run = result.rows[0];
    if (!run) return undefined;
    const file = await this.db
      .selectFrom('files')
      .select(['collection_id', 'storage_key', 'media_type'])
      .where('id', '=', run.file_id)
      .executeTakeFirst();
    if (!file) return undefined;
    return {
      id: run.id,
      fileId: run.file_id,
      collectionId: file.collection_id,
      storageKey: file.storage_key,
      mediaType: file.media_type,
      attempts: run.attempts,
    };
  }

  /** Completes a run the caller still holds; false when it lost it (another runner took over). */
  async complete(run: ClaimedRun, db: Database = this.db): Promise<boolean> {
    const updated = await db
      .updateTable('ingestion_runs')
      .set({ status: 'completed', dataset_id: run.fileId, errors: null, finished_at: new Date(), locked_until: null })
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
      .set({ status: 'failed', errors: JSON.stringify([error]), finished_at: new Date(), locked_until: null })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .where('attempts', '=', run.attempts)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await this.db.updateTable('files').set({ status: 'processing-failed', updated_at: new Date() }).where('id', '=', run.fileId).execute();
    return true;
  }
}

function toRun(row: {
  id: string;
  file_id: string;
  status: IngestionRun['status'];
  errors: unknown[] | null;
  dataset_id: string | null;
  metadata: Record<string, unknown>;
}): IngestionRun {
  return {
    id: row.id,
    fileId: row.file_id,
    status: row.status,
    output: row.status === 'completed' && row.dataset_id ? { datasetId: row.dataset_id } : null,
    errors: row.status === 'failed' ? ((row.errors as IngestionError[] | null) ?? []) : null,
    metadata: row.metadata as IngestionRunMetadata,
  };
}
