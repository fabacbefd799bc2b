import type { LibraryItemState, LibrarySkipReason, LibrarySyncProgress } from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import { editableCollection } from '../../collections/collection-visibility';
import type { Database } from '../../db/database';
import type { LibraryBindingsTable, LibraryItemsTable } from '../../db/schema';
import { DirectoryRepository } from '../../sharing/directory-repository';

export type BindingRow = Selectable<LibraryBindingsTable>;
export type ItemRow = Selectable<LibraryItemsTable>;

/** An item as the sync writes it (one row of library_items). */
export interface ItemWrite {
  entryId: string;
  path: string;
  version: string;
  size: number;
  state: LibraryItemState;
  skipReason: LibrarySkipReason | null;
  errorCode: string | null;
  problem: string | null;
  fileId: string | null;
  sourceUrl: string | null;
  contentType: string | null;
}

/** Items read or written per statement: a page of a scan, a batch of the work lists. */
export const ITEM_BATCH = 200;

/**
 * What a binding's sync reads and writes (libraries/sync/sync-binding.ts). Everything is stored as
 * it goes, so a sync claimed again after a restart resumes where it was: a binding whose
 * generation is open (sync_started_at set) continues it, items seen in it are not fetched again.
 */
export class LibrarySyncStore {
  constructor(private readonly db: Database) {}

  /**
   * Whether the binding's collection still takes documents from it: a company library feeds
   * company collections (bound by administrators); a personal one needs its owner's edit rights on
   * the collection now (their own, or shared with them or a group of theirs as of their last sign-in).
   */
  async mayWriteInto(binding: Pick<BindingRow, 'collection_id' | 'created_by'>): Promise<boolean> {
    const groups = await new DirectoryRepository(this.db).groupsOf(binding.created_by);
    const writer = { sub: binding.created_by, isAdmin: false, groups };
    const row = await this.db
      .selectFrom('collections as c')
      .select('c.id')
      .where('c.id', '=', binding.collection_id)
      .where((eb) => eb.or([eb('c.scope', '=', 'company'), editableCollection(writer, 'c')]))
      .executeTakeFirst();
    return row !== undefined;
  }

  async binding(id: string): Promise<BindingRow | undefined> {
    return this.db.selectFrom('library_bindings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The binding's state now (the sync looks before each file: paused, or gone with its connection). */
  async stateOf(id: string): Promise<BindingRow['state'] | undefined> {
    const row = await this.db.selectFrom('library_bindings').select('state').where('id', '=', id).executeTakeFirst();
    return row?.state;
  }

  /**
   * Marks the binding as syncing and answers the generation to work on: the open one (an earlier
   * attempt was stopped, failed or paused) or a new one, whose removed items of the last sync are
   * dropped first. Undefined when the binding is paused or gone.
   */
  async begin(id: string): Promise<{ generation: number; resumed: boolean } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('library_bindings')
        .select(['state', 'generation', 'sync_started_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.state === 'paused') return undefined;
      const resumed = row.sync_started_at !== null;
      const generation = resumed ? row.generation : row.generation + 1;
      if (!resumed) await trx.deleteFrom('library_items').where('binding_id', '=', id).where('state', '=', 'removed').execute();
      await trx
        .updateTable('library_bindings')
        .set({
          state: 'syncing',
          generation,
          sync_started_at: resumed ? row.sync_started_at : new Date(),
          problem: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      return { generation, resumed };
    });
  }

  /**
   * Items handed to ingestion whose ingestion has ended take its outcome: imported, or failed
   * with the run's DATA code.
   */
  async settleIngested(bindingId: string): Promise<void> {
    await sql`
      update library_items i set
        state = case when f.status = 'processed' then 'imported' else 'failed' end,
        error_code = case when f.status = 'processed' then null else (
          select r.errors -> 0 ->> 'dataCode' from ingestion_runs r
          where r.file_id = f.id order by r.created_at desc, r.id desc limit 1
        ) end,
        updated_at = now()
      from files f
      where i.binding_id = ${bindingId} and i.state = 'importing' and i.file_id = f.id
        and f.status in ('processed', 'processing-failed')`.execute(this.db);
  }

  async items(bindingId: string, entryIds: readonly string[]): Promise<Map<string, ItemRow>> {
    if (entryIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('library_items').selectAll().where('binding_id', '=', bindingId).where('entry_id', 'in', entryIds).execute();
    return new Map(rows.map((row) => [row.entry_id, row]));
  }

  /** Items seen again as they were: unchanged (or still importing), in this generation. */
  async markSeen(bindingId: string, generation: number, entryIds: readonly string[]): Promise<void> {
    if (entryIds.length === 0) return;
    await this.db
      .updateTable('library_items')
      .set({
        state: sql<LibraryItemState>`case when state = 'importing' then 'importing' else 'unchanged' end`,
        generation,
        updated_at: new Date(),
      })
      .where('binding_id', '=', bindingId)
      .where('entry_id', 'in', entryIds)
      .execute();
  }

  /** Writes items whole (new, changed, skipped, renamed), in this generation. */
  async write(bindingId: string, generation: number, items: readonly ItemWrite[]): Promise<void> {
    if (items.length === 0) return;
    const now = new Date();
    await this.db
      .insertInto('library_items')
      .values(
        items.map((item) => ({
          binding_id: bindingId,
          entry_id: item.entryId,
          path: item.path,
          version: item.version,
          size: item.size,
          state: item.state,
          skip_reason: item.skipReason,
          error_code: item.errorCode,
          problem: item.problem,
          file_id: item.fileId,
          source_url: item.sourceUrl,
          content_type: item.contentType,
          generation,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['binding_id', 'entry_id']).doUpdateSet((eb) => ({
          path: eb.ref('excluded.path'),
          version: eb.ref('excluded.version'),
          size: eb.ref('excluded.size'),
          state: eb.ref('excluded.state'),
          skip_reason: eb.ref('excluded.skip_reason'),
          error_code: eb.ref('excluded.error_code'),
          problem: eb.ref('excluded.problem'),
          file_id: eb.ref('excluded.file_id'),
          source_url: eb.ref('excluded.source_url'),
          content_type: eb.ref('excluded.content_type'),
          generation: eb.ref('excluded.generation'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  /** Updates one item; false when it is gone (its binding was deleted meanwhile). */
  async update(bindingId: string, entryId: string, changes: Partial<Omit<ItemWrite, 'entryId'>>): Promise<boolean> {
    const result = await this.db
      .updateTable('library_items')
      .set({
        ...(changes.path !== undefined ? { path: changes.path } : {}),
        ...(changes.version !== undefined ? { version: changes.version } : {}),
        ...(changes.size !== undefined ? { size: changes.size } : {}),
        ...(changes.state !== undefined ? { state: changes.state } : {}),
        ...(changes.skipReason !== undefined ? { skip_reason: changes.skipReason } : {}),
        ...(changes.errorCode !== undefined ? { error_code: changes.errorCode } : {}),
        ...(changes.problem !== undefined ? { problem: changes.problem } : {}),
        ...(changes.fileId !== undefined ? { file_id: changes.fileId } : {}),
        ...(changes.sourceUrl !== undefined ? { source_url: changes.sourceUrl } : {}),
        updated_at: new Date(),
      })
      .where('binding_id', '=', bindingId)
      .where('entry_id', '=', entryId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(bindingId: string, entryId: string): Promise<void> {
    await this.db.deleteFrom('library_items').where('binding_id', '=', bindingId).where('entry_id', '=', entryId).execute();
  }

  /** Items a full scan of this generation did not see (gone from the folder), a batch at a time. */
  async unseen(bindingId: string, generation: number): Promise<ItemRow[]> {
    return this.db
      .selectFrom('library_items')
      .selectAll()
      .where('binding_id', '=', bindingId)
      .where('generation', '<', generation)
      .where('state', '!=', 'removed')
      .orderBy('entry_id')
      .limit(ITEM_BATCH)
      .execute();
  }

  /** A new item of this generation with the same content (version and size) as a vanished one: a rename or move. */
  async renamedTo(bindingId: string, generation: number, gone: Pick<ItemRow, 'version' | 'size'>): Promise<ItemRow | undefined> {
    return this.db
      .selectFrom('library_items')
      .selectAll()
      .where('binding_id', '=', bindingId)
      .where('generation', '=', generation)
      .where('state', '=', 'queued')
      .where('file_id', 'is', null)
      .where('version', '=', gone.version)
      .where('size', '=', gone.size)
      .orderBy('path')
      .limit(1)
      .executeTakeFirst();
  }

  /** Items waiting for their download, in path order, a batch at a time (after `afterPath`). */
  async queued(bindingId: string, after: { path: string; entryId: string } | undefined, limit: number): Promise<ItemRow[]> {
    let query = this.db.selectFrom('library_items').selectAll().where('binding_id', '=', bindingId).where('state', '=', 'queued');
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('path', '>', after.path), eb.and([eb('path', '=', after.path), eb('entry_id', '>', after.entryId)])]),
      );
    }
    return query.orderBy('path').orderBy('entry_id').limit(limit).execute();
  }

  /** The generation's counts as progress: what this sync looked at, finished, skipped, failed, and its bytes. */
  async progress(bindingId: string, generation: number): Promise<LibrarySyncProgress> {
    const row = await this.db
      .selectFrom('library_items')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('state', '!=', 'removed').as('total'),
        eb.fn.countAll<string>().filterWhere('state', 'not in', ['removed', 'queued']).as('done'),
        eb.fn.countAll<string>().filterWhere('state', '=', 'skipped').as('skipped'),
        eb.fn.countAll<string>().filterWhere('state', '=', 'failed').as('failed'),
        eb.fn.sum<string | null>('size').filterWhere('state', 'in', ['queued', 'importing', 'imported']).as('bytes_total'),
        eb.fn.sum<string | null>('size').filterWhere('state', 'in', ['importing', 'imported']).as('bytes_done'),
      ])
      .where('binding_id', '=', bindingId)
      .where('generation', '=', generation)
      .executeTakeFirstOrThrow();
    return {
      files_total: Number(row.total),
      files_done: Number(row.done),
      files_skipped: Number(row.skipped),
      files_failed: Number(row.failed),
      bytes_total: Number(row.bytes_total ?? 0),
      bytes_done: Number(row.bytes_done ?? 0),
    };
  }

  async saveProgress(bindingId: string, progress: LibrarySyncProgress): Promise<void> {
    await this.db.updateTable('library_bindings').set({ progress: JSON.stringify(progress), updated_at: new Date() }).where('id', '=', bindingId).execute();
  }

  async saveCursor(bindingId: string, cursor: string | null): Promise<void> {
    await this.db.updateTable('library_bindings').set({ cursor, updated_at: new Date() }).where('id', '=', bindingId).execute();
  }

  /** The generation is done: idle, and due again after `intervalMs`. A binding paused meanwhile stays paused. */
  async finish(bindingId: string, progress: LibrarySyncProgress, intervalMs: number): Promise<void> {
    const now = new Date();
    await this.db
      .updateTable('library_bindings')
      .set({
        state: sql<BindingRow['state']>`case when state = 'paused' then 'paused' else 'idle' end`,
        sync_started_at: null,
        progress: JSON.stringify(progress),
        problem: null,
        last_synced_at: now,
        next_sync_at: new Date(now.getTime() + intervalMs),
        updated_at: now,
      })
      .where('id', '=', bindingId)
      .execute();
  }

  /** The sync failed: the reason for the user, and due again after `intervalMs` (the open generation resumes then). */
  async fail(bindingId: string, problem: string, intervalMs: number): Promise<void> {
    const now = new Date();
    await this.db
      .updateTable('library_bindings')
      .set({
        state: sql<BindingRow['state']>`case when state = 'paused' then 'paused' else 'failed' end`,
        problem,
        next_sync_at: new Date(now.getTime() + intervalMs),
        updated_at: now,
      })
      .where('id', '=', bindingId)
      .execute();
  }
}
