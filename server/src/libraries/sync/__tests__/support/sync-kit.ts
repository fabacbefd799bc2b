import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '../../../../db/database';
import { FilesRepository } from '../../../../db/repositories/files-repository';
import { defaultIngestionDependencies } from '../../../../ingestion/default-dependencies';
import { FileStorage } from '../../../../ingestion/file-storage';
import { ingestionJobRunner } from '../../../../ingestion/ingestion-job';
import type { UploadLimits } from '../../../../ingestion/receive-upload';
import { openTestPglite } from '../../../../testing/test-pglite';
import type { LibrarySession } from '../../../connector';
import { LibraryDocuments } from '../../library-documents';
import { LibrarySyncStore } from '../../library-sync-store';
import { syncBinding, type SyncDependencies } from '../../sync-binding';

export const OWNER = 'employee';

/**
 * A database with a personal collection, a connection and one binding of `folder`, and the sync's
 * dependencies over a given session: what the engine tests share. `sync()` runs one sync as the
 * job does; `ingest()` runs the ingestion of what it brought (real parser and indexer).
 */
export async function startSyncKit(
  session: LibrarySession,
  options: { folder?: { id: string; path: string }; limits?: Partial<UploadLimits> } = {},
) {
  const handle: DatabaseHandle = await openTestPglite();
  const db = handle.db;
  const dataDir = await mkdtemp(join(tmpdir(), 'assistant-library-sync-'));
  const storage = new FileStorage(dataDir);
  const files = new FilesRepository(db);
  const limits: UploadLimits = { maxFileBytes: 1024 * 1024, maxAudioBytes: 1024 * 1024, ...options.limits };
  const collectionId = randomUUID();
  const connectionId = randomUUID();
  const bindingId = randomUUID();
  const folder = options.folder ?? { id: 'Team', path: 'Team' };
  await db.insertInto('collections').values({ id: collectionId, scope: 'personal', owner_id: OWNER, name: 'Team documents' }).execute();
  await db
    .insertInto('library_connections')
    .values({ id: connectionId, owner_id: OWNER, scope: 'personal', kind: 'webdav', name: 'Cloud', url: 'http://127.0.0.1/dav', account: OWNER, credentials: 'unused', state: 'connected' })
    .execute();
  await db
    .insertInto('library_bindings')
    .values({ id: bindingId, connection_id: connectionId, collection_id: collectionId, folder_id: folder.id, folder_path: folder.path, state: 'idle', created_by: OWNER })
    .execute();
  const store = new LibrarySyncStore(db);
  let nudges = 0;
  const deps: SyncDependencies = {
    store,
    documents: new LibraryDocuments({ db, files, storage, limits }),
    openSession: async () => session,
    limits,
    nudgeIngestion: () => void nudges++,
    intervalMs: 60_000,
    concurrency: 2,
    progressIntervalMs: 0,
  };
  return {
    db,
    handle,
    storage,
    deps,
    store,
    collectionId,
    connectionId,
    bindingId,
    nudges: () => nudges,
    sync: (signal: AbortSignal = new AbortController().signal) => syncBinding(bindingId, deps, signal),
    ingest: () => ingestionJobRunner({ db, storage, deps: defaultIngestionDependencies }).drain(),
    binding: () => store.binding(bindingId),
    /** The binding's items by path, with their state. */
    async items() {
      await store.settleIngested(bindingId);
      const rows = await db.selectFrom('library_items').selectAll().where('binding_id', '=', bindingId).orderBy('path').execute();
      return new Map(rows.map((row) => [row.path, row]));
    },
    /** The collection's files by name. */
    async files() {
      const rows = await db.selectFrom('files').select(['id', 'name', 'version', 'status', 'source_url']).where('collection_id', '=', collectionId).orderBy('name').execute();
      return new Map(rows.map((row) => [row.name, row]));
    },
    /** Names of the collection's files whose passages contain the word (what search can find). */
    async searchable(word: string): Promise<string[]> {
      const rows = await db
        .selectFrom('passages as p')
        .innerJoin('files as f', 'f.id', 'p.file_id')
        .select('f.name')
        .distinct()
        .where('p.collection_id', '=', collectionId)
        .where('p.text', 'ilike', `%${word}%`)
        .orderBy('f.name')
        .execute();
      return rows.map((row) => row.name);
    },
    async close() {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type SyncKit = Awaited<ReturnType<typeof startSyncKit>>;
