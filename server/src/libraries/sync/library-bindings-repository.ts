import { randomUUID } from 'node:crypto';
import {
  LIBRARY_ITEMS_PAGE_SIZE,
  librarySyncProgressSchema,
  type CollectionScope,
  type LibraryBinding,
  type LibraryItem,
  type LibraryItemState,
  type LibraryItemsPage,
  type LibrarySkipReason,
  type IngestionErrorCode,
} from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import { AuditLog } from '../../audit/audit-log';
import type { Viewer } from '../../auth/principal';
import type { Database } from '../../db/database';
import type { LibraryBindingsTable } from '../../db/schema';
import type { LibraryConnectionsRepository } from '../library-connections-repository';
import { LibrarySyncStore } from './library-sync-store';

/** A connection as far as binding its folders needs it. */
export interface BindableConnection {
  id: string;
  scope: CollectionScope;
  owner_id: string;
}

type BindingRow = Selectable<LibraryBindingsTable> & { collection_name: string };

/** A binding found for a viewer, with its connection's scope. */
export type VisibleBinding = BindingRow & { connection_scope: CollectionScope };

/** What the audit log keeps of a binding: which library folder feeds which collection. */
function audited(row: Pick<LibraryBindingsTable, 'connection_id' | 'collection_id' | 'folder_path'>) {
  return { library: row.connection_id, collection: row.collection_id, folder_path: row.folder_path };
}

/**
 * Bindings and their items as users see them. A binding is reached through its connection, under
 * the connections' rule (library-connections-repository.ts): a personal connection's by its owner
 * alone, a company connection's by administrators; anyone else gets nothing (404).
 */
export class LibraryBindingsRepository {
  private readonly store: LibrarySyncStore;

  constructor(
    private readonly db: Database,
    private readonly connections: Pick<LibraryConnectionsRepository, 'find'>,
  ) {
    this.store = new LibrarySyncStore(db);
  }

  /** The connection, if the viewer may bind its folders (and see its bindings): the connections' own rule. */
  async connectionFor(connectionId: string, viewer: Viewer): Promise<BindableConnection | undefined> {
    return this.connections.find(connectionId, viewer);
  }

  /** The binding, if the viewer may see its connection. */
  async findVisible(bindingId: string, viewer: Viewer): Promise<VisibleBinding | undefined> {
    const row = await this.bindings().where('b.id', '=', bindingId).executeTakeFirst();
    const connection = row && (await this.connections.find(row.connection_id, viewer));
    return connection ? { ...row!, connection_scope: connection.scope } : undefined;
  }

  async list(connectionId: string): Promise<LibraryBinding[]> {
    const rows = await this.bindings().where('b.connection_id', '=', connectionId).orderBy('b.folder_path').orderBy('b.id').execute();
    return Promise.all(rows.map((row) => this.toBinding(row)));
  }

  async get(bindingId: string): Promise<LibraryBinding | undefined> {
    const row = await this.bindings().where('b.id', '=', bindingId).executeTakeFirst();
    return row ? this.toBinding(row) : undefined;
  }

  /** Ids of a connection's bindings (disconnecting removes their documents). */
  async idsOf(connectionId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('library_bindings').select('id').where('connection_id', '=', connectionId).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Binds the folders to the collection, each due at once and recorded in the audit log by
   * `createdBy` in the same transaction; 'conflict' (nothing stored) when one of them is bound
   * already.
   */
  async create(
    connectionId: string,
    collectionId: string,
    folders: ReadonlyArray<{ id: string; path: string }>,
    createdBy: string,
  ): Promise<Array<{ id: string; created_by: string }> | 'conflict'> {
    const now = new Date();
    const rows = folders.map((folder) => ({
      id: randomUUID(),
      connection_id: connectionId,
      collection_id: collectionId,
      folder_id: folder.id,
      folder_path: folder.path,
      state: 'idle' as const,
      created_by: createdBy,
      next_sync_at: now,
      created_at: now,
      updated_at: now,
    }));
    try {
      return await this.db.transaction().execute(async (trx) => {
        const created = await trx.insertInto('library_bindings').values(rows).returning(['id', 'created_by']).execute();
        await new AuditLog(trx).record(rows.map((row) => ({ actor: createdBy, action: 'library.bind', subjectKind: 'library_binding', subjectId: row.id, after: audited(row) })));
        return created;
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') return 'conflict';
      throw error;
    }
  }

  /** Removes the binding, recorded in the audit log by `removedBy` in the same transaction. */
  async delete(bindingId: string, removedBy: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('library_bindings').where('id', '=', bindingId).returning(['connection_id', 'collection_id', 'folder_path']).executeTakeFirst();
      if (row) await new AuditLog(trx).record({ actor: removedBy, action: 'library.unbind', subjectKind: 'library_binding', subjectId: bindingId, before: audited(row) });
    });
  }

  /** Pauses the binding (a running sync stops at its next file; the scheduler leaves it). */
  async pause(bindingId: string): Promise<void> {
    await this.db.updateTable('library_bindings').set({ state: 'paused', updated_at: new Date() }).where('id', '=', bindingId).execute();
  }

  /** A paused binding is idle again and due at once; answers whether it was paused. */
  async resume(bindingId: string): Promise<boolean> {
    const now = new Date();
    const result = await this.db
      .updateTable('library_bindings')
      .set({ state: 'idle', next_sync_at: now, updated_at: now })
      .where('id', '=', bindingId)
      .where('state', '=', 'paused')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * One page of the binding's items in the latest sync: failures first, then skips, then the
   * rest, each by path. The cursor is opaque to clients (an offset: a page read during a sync may
   * shift by the files that changed state); undefined for one this server did not make.
   */
  async items(bindingId: string, options: { state?: LibraryItemState; cursor?: string }): Promise<LibraryItemsPage | undefined> {
    const offset = options.cursor === undefined ? 0 : decodeCursor(options.cursor);
    if (offset === null) return undefined;
    await this.store.settleIngested(bindingId);
    const rank = sql<number>`case state when 'failed' then 0 when 'skipped' then 1 else 2 end`;
    let query = this.db
      .selectFrom('library_items')
      .select(['path', 'size', 'state', 'skip_reason', 'error_code', 'problem', 'file_id', 'source_url', 'updated_at'])
      .where('binding_id', '=', bindingId);
    if (options.state) query = query.where('state', '=', options.state);
    const rows = await query
      .orderBy(rank)
      .orderBy('path')
      .orderBy('entry_id')
      .offset(offset)
      .limit(LIBRARY_ITEMS_PAGE_SIZE + 1)
      .execute();
    return {
      items: rows.slice(0, LIBRARY_ITEMS_PAGE_SIZE).map(
        (row): LibraryItem => ({
          path: row.path,
          size: Number(row.size),
          state: row.state,
          skip_reason: row.skip_reason as LibrarySkipReason | null,
          error_code: row.error_code as IngestionErrorCode | null,
          problem: row.problem,
          file_id: row.file_id,
          source_url: row.source_url,
          updated_at: row.updated_at.toISOString(),
        }),
      ),
      next_cursor: rows.length > LIBRARY_ITEMS_PAGE_SIZE ? encodeCursor(offset + LIBRARY_ITEMS_PAGE_SIZE) : null,
    };
  }

  private bindings() {
    return this.db
      .selectFrom('library_bindings as b')
      .innerJoin('collections as c', 'c.id', 'b.collection_id')
      .selectAll('b')
      .select('c.name as collection_name');
  }

  /**
   * The answer's shape. A running sync shows the progress it stored as it goes; otherwise the
   * counts of its last sync are read from the items, with ingestion outcomes that came since.
   */
  private async toBinding(row: BindingRow): Promise<LibraryBinding> {
    let progress = row.progress === null ? null : librarySyncProgressSchema.parse(typeof row.progress === 'string' ? JSON.parse(row.progress) : row.progress);
    if (row.state !== 'syncing' && row.generation > 0) {
      await this.store.settleIngested(row.id);
      progress = await this.store.progress(row.id, row.generation);
    }
    const segments = row.folder_path.split('/').filter(Boolean);
    return {
      id: row.id,
      library_id: row.connection_id,
      collection_id: row.collection_id,
      collection_name: row.collection_name,
      folder: { id: row.folder_id, name: segments.at(-1) ?? '/', path: row.folder_path },
      state: row.state,
      progress,
      problem: row.problem,
      last_synced_at: row.last_synced_at?.toISOString() ?? null,
      next_sync_at: row.state === 'paused' ? null : (row.next_sync_at?.toISOString() ?? null),
    };
  }
}

const CURSOR_PREFIX = 'o';

function encodeCursor(offset: number): string {
  return `${CURSOR_PREFIX}${offset}`;
}

/** The cursor's offset, or null for a cursor this server did not make. */
function decodeCursor(value: string): number | null {
  const match = /^o(\d{1,9})$/.exec(value);
  return match ? Number(match[1]) : null;
}
