import type { CollectionFile, FileStatus, IngestionError, IngestionRunMetadata } from '@assistant/contracts';
import type { Selectable } from 'kysely';
import type { Viewer } from '../../auth/principal';
import { editableCollection, orOwnAttachments, ownedCollection, readableCollection } from '../../collections/collection-visibility';
import type { Database } from '../database';
import type { FilesTable } from '../schema';
import type { CollectionRow, VisibleCollection } from './collections-repository';
import { IngestionRunsRepository } from './ingestion-runs-repository';

export type FileRow = Selectable<FilesTable>;

export interface NewFile {
  id: string;
  collectionId: string;
  name: string;
  mediaType: string;
  size: number;
  storageKey: string;
  createdBy: string;
  runId: string;
  metadata: IngestionRunMetadata;
  /** The original in a document library (a synced file); absent for uploads. */
  sourceUrl?: string | null;
  /** Nothing to extract (an image for the model): recorded processed, its run completed, no job. */
  ready?: boolean;
}

const FILE_COLUMNS = [
  'f.id',
  'f.collection_id',
  'f.name',
  'f.version',
  'f.media_type',
  'f.size',
  'f.storage_key',
  'f.created_by',
  'f.status',
  'f.created_at',
  'f.updated_at',
  'f.source_url',
] as const;

type Unprefixed<C> = C extends `f.${infer Name}` ? Name : never;

export class FilesRepository {
  constructor(private readonly db: Database) {}

  /**
   * A file in a collection the viewer may read (or of their own conversation's attachments), with
   * that collection and what the viewer may do with it; undefined otherwise (404).
   */
  async findVisible(fileId: string, viewer: Viewer): Promise<{ file: FileRow; collection: CollectionRow & Pick<VisibleCollection, 'can_edit' | 'can_own'> } | undefined> {
    const row = await this.db
      .selectFrom('files as f')
      .innerJoin('collections as c', 'c.id', 'f.collection_id')
      .select(FILE_COLUMNS)
      .select([
        'c.scope as c_scope',
        'c.owner_id as c_owner_id',
        'c.name as c_name',
        'c.created_at as c_created_at',
        'c.updated_at as c_updated_at',
        orOwnAttachments(editableCollection(viewer, 'c'), viewer, 'c').as('c_can_edit'),
        orOwnAttachments(ownedCollection(viewer, 'c'), viewer, 'c').as('c_can_own'),
      ])
      .where('f.id', '=', fileId)
      .where(orOwnAttachments(readableCollection(viewer, 'c'), viewer, 'c'))
      .$narrowType<{ c_can_edit: boolean; c_can_own: boolean }>()
      .executeTakeFirst();
    if (!row) return undefined;
    const { c_scope, c_owner_id, c_name, c_created_at, c_updated_at, c_can_edit, c_can_own, ...file } = row;
    return {
      file,
      collection: {
        id: file.collection_id,
        scope: c_scope,
        owner_id: c_owner_id,
        name: c_name,
        created_at: c_created_at,
        updated_at: c_updated_at,
        can_edit: c_can_edit,
        can_own: c_can_own,
      },
    };
  }

  /** The files of a collection, newest first, each with its latest run and that run's first error. */
  async listInCollection(collectionId: string): Promise<CollectionFile[]> {
    const rows = await this.db
      .selectFrom('files as f')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('ingestion_runs')
            .distinctOn('file_id')
            .select(['file_id', 'id as run_id', 'errors'])
            .orderBy('file_id')
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .as('r'),
        (join) => join.onRef('r.file_id', '=', 'f.id'),
      )
      .select(FILE_COLUMNS)
      .select(['r.run_id', 'r.errors'])
      .where('f.collection_id', '=', collectionId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.name')
      .orderBy('f.version', 'desc')
      .execute();
    return rows.map((row) => {
      const first = (row.errors as IngestionError[] | null)?.[0];
      return {
        ...toFileRecord(row),
        status: row.status,
        runId: row.run_id ?? null,
        error: row.status === 'processing-failed' && first ? { dataCode: first.dataCode, message: first.message } : null,
      };
    });
  }

  /**
   * Records a file and its ingestion run (status created, its job enqueued) in one transaction.
   * The version is one above the highest of the same name in the collection; a concurrent upload of
   * the same name that takes the number first makes this one retry with the next.
   */
  async addWithRun(file: NewFile): Promise<FileRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const latest = await trx
            .selectFrom('files')
            .select((eb) => eb.fn.max('version').as('version'))
            .where('collection_id', '=', file.collectionId)
            .where('name', '=', file.name)
            .executeTakeFirst();
          const now = new Date();
          const row = await trx
            .insertInto('files')
            .values({
              id: file.id,
              collection_id: file.collectionId,
              name: file.name,
              version: (latest?.version ?? 0) + 1,
              media_type: file.mediaType,
              size: file.size,
              storage_key: file.storageKey,
              created_by: file.createdBy,
              status: file.ready ? 'processed' : 'uploaded',
              source_url: file.sourceUrl ?? null,
              created_at: now,
              updated_at: now,
            })
            .returning(FILE_COLUMNS.map((column) => column.slice(2) as Unprefixed<typeof column>))
            .executeTakeFirstOrThrow();
          await new IngestionRunsRepository(trx).create({
            id: file.runId,
            fileId: file.id,
            owner: file.createdBy,
            metadata: { ...file.metadata, createdAt: now.toISOString() },
            createdAt: now,
            completed: file.ready === true,
          });
          return row;
        });
      } catch (error) {
        if (attempt < 3 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /** Deletes the file with its runs, pages and passages; answers its storage key. */
  async delete(fileId: string): Promise<string | undefined> {
    const row = await this.db.deleteFrom('files').where('id', '=', fileId).returning('storage_key').executeTakeFirst();
    return row?.storage_key;
  }

  /**
   * Names and media types of files by id, for labelling hits the retriever found (it already
   * scoped them to what the user may read); an unknown id is left out.
   */
  async labels(fileIds: readonly string[]): Promise<Map<string, { name: string; media_type: string }>> {
    if (fileIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('files').select(['id', 'name', 'media_type']).where('id', 'in', fileIds).execute();
    return new Map(rows.map(({ id, ...label }) => [id, label]));
  }

  async setStatus(fileId: string, status: FileStatus): Promise<void> {
    await this.db.updateTable('files').set({ status, updated_at: new Date() }).where('id', '=', fileId).execute();
  }

  async pages(fileId: string) {
    return this.db
      .selectFrom('document_pages')
      .select(['page_number', 'text', 'wordcount', 'boxes'])
      .where('file_id', '=', fileId)
      .orderBy('page_number')
      .execute();
  }
}

export function toFileRecord(row: Pick<FileRow, 'id' | 'collection_id' | 'name' | 'version' | 'media_type' | 'size' | 'created_at' | 'updated_at'>) {
  return {
    fileId: row.id,
    stageId: row.collection_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    name: row.name,
    version: row.version,
    mediaType: row.media_type,
    size: Number(row.size),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
