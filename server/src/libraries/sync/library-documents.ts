import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { recordReceivedFile } from '../../collections/receive-files';
import type { Database } from '../../db/database';
import type { FilesRepository } from '../../db/repositories/files-repository';
import { cleanFileName } from '../../http/clean-file-name';
import type { FileStorage } from '../../ingestion/file-storage';
import { receiveUpload, type UploadLimits } from '../../ingestion/receive-upload';

/** Longest name a synced file gets in its collection (the end of its path is kept). */
const NAME_MAX_LENGTH = 255;

/**
 * A library file's name in its collection: its path from the bound folder ("Policies/Travel.pdf"),
 * each segment cleaned like an upload's name, so that files of the same name in different
 * sub-folders stay apart.
 */
export function libraryFileName(path: string): string {
  const name = path
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => cleanFileName(segment))
    .join('/');
  return name.length > NAME_MAX_LENGTH ? name.slice(-NAME_MAX_LENGTH) : name || 'unnamed';
}

/**
 * The collection side of a sync: a library file becomes a collection file through the upload's
 * own path (receiveUpload: streamed, bounded, typed by content; recordReceivedFile: stored with an
 * ingestion run), and leaves it as a deleted file does (pages, passages and runs go with it).
 */
export class LibraryDocuments {
  constructor(private readonly deps: { db: Database; files: FilesRepository; storage: FileStorage; limits: UploadLimits }) {}

  /** Takes the download into the collection; throws UploadTooLargeError or UnsupportedContentError as an upload does. */
  async add(
    collectionId: string,
    path: string,
    stream: Readable,
    options: { createdBy: string; sourceUrl: string | null },
  ): Promise<{ fileId: string; size: number }> {
    const { files, storage, limits } = this.deps;
    const received = await receiveUpload(storage, libraryFileName(path), stream, limits);
    const { row } = await recordReceivedFile({ files, storage }, collectionId, received, {
      createdBy: options.createdBy,
      dataSource: 'library',
      sourceUrl: options.sourceUrl,
    });
    return { fileId: row.id, size: received.size };
  }

  /** Removes the file from its collection and from search; a file already gone is fine. */
  async remove(fileId: string): Promise<void> {
    const key = await this.deps.files.delete(fileId);
    if (key) await this.deps.storage.remove(key);
  }

  /**
   * A renamed or moved library file keeps its document (pages, passages, sources): only its name
   * and original's address change. It takes the next free version of its new name.
   */
  async rename(fileId: string, path: string, sourceUrl: string | null): Promise<void> {
    const name = libraryFileName(path);
    await this.deps.db
      .updateTable('files as f')
      .set({
        name,
        source_url: sourceUrl,
        version: sql<number>`coalesce((select max(o.version) from files o where o.collection_id = f.collection_id and o.name = ${name} and o.id <> f.id), 0) + 1`,
        updated_at: new Date(),
      })
      .where('f.id', '=', fileId)
      .execute();
  }

  /**
   * Disconnecting with documents=remove: the connection's bindings are paused (a running sync
   * stops at its next file, and removes a file it still brings in once the binding is gone), then
   * every file they brought leaves its collection and search. Answers how many.
   */
  async removeAllOfConnection(connectionId: string): Promise<number> {
    const bindings = await this.deps.db
      .updateTable('library_bindings')
      .set({ state: 'paused', updated_at: new Date() })
      .where('connection_id', '=', connectionId)
      .returning('id')
      .execute();
    return this.removeAllOf(bindings.map((binding) => binding.id));
  }

  /** Removes every file the given bindings brought into their collections (unbinding with documents=remove). */
  async removeAllOf(bindingIds: readonly string[]): Promise<number> {
    if (bindingIds.length === 0) return 0;
    let removed = 0;
    for (;;) {
      const rows = await this.deps.db
        .selectFrom('library_items')
        .select(['binding_id', 'entry_id', 'file_id'])
        .where('binding_id', 'in', bindingIds)
        .where('file_id', 'is not', null)
        .limit(200)
        .execute();
      if (rows.length === 0) return removed;
      for (const row of rows) {
        await this.remove(row.file_id!);
        // The item's file_id is cleared by its foreign key (on delete set null).
        removed += 1;
      }
    }
  }
}
