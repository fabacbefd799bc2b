import { randomUUID } from 'node:crypto';
import type { CollectionScope, CollectionSummary } from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import type { Viewer } from '../../auth/principal';
import type { Database } from '../database';
import type { CollectionsTable } from '../schema';

export type CollectionRow = Pick<Selectable<CollectionsTable>, 'id' | 'scope' | 'owner_id' | 'name' | 'created_at' | 'updated_at'>;
/**
 * A personal or company collection. A conversation's attachments are a collection too (scope
 * 'conversation', routes/conversation-files.ts), but never one of these: not listed, not found here.
 */
type ListedCollectionRow = CollectionRow & { scope: CollectionScope };

/** The name a user's default personal collection gets (the upload config's repositoryID). */
export const DEFAULT_COLLECTION_NAME = 'My documents';

/** Personal collections are their owner's alone; company ones every employee reads and administrators manage. */
export function canManage(collection: Pick<CollectionRow, 'scope' | 'owner_id'>, viewer: Viewer): boolean {
  return collection.scope === 'company' ? viewer.isAdmin : collection.owner_id === viewer.sub;
}

export class CollectionsRepository {
  constructor(private readonly db: Database) {}

  /** The viewer's personal collections or the company ones, with file counts, latest change first. */
  async list(viewer: Viewer, scope: CollectionScope): Promise<CollectionSummary[]> {
    let query = this.db
      .selectFrom('collections as c')
      .select(['c.id', 'c.name', 'c.scope', 'c.owner_id', 'c.created_at', 'c.updated_at'])
      .select((eb) => eb.selectFrom('files').select(eb.fn.countAll<string>().as('n')).whereRef('files.collection_id', '=', 'c.id').as('file_count'))
      .where('c.scope', '=', scope)
      .$narrowType<{ scope: CollectionScope }>()
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id');
    if (scope === 'personal') query = query.where('c.owner_id', '=', viewer.sub);
    const rows = await query.execute();
    return rows.map((row) => toSummary(row, Number(row.file_count ?? 0), viewer));
  }

  /**
   * A collection the viewer may see (read), or undefined: another user's personal one does not
   * exist for them, and a conversation's attachments are reached only through their conversation.
   */
  async findVisible(id: string, viewer: Viewer): Promise<ListedCollectionRow | undefined> {
    return this.db
      .selectFrom('collections')
      .select(['id', 'scope', 'owner_id', 'name', 'created_at', 'updated_at'])
      .where('id', '=', id)
      .where('scope', '!=', 'conversation')
      .$narrowType<{ scope: CollectionScope }>()
      .where((eb) => eb.or([eb('scope', '=', 'company'), eb('owner_id', '=', viewer.sub)]))
      .executeTakeFirst();
  }

  async summary(id: string, viewer: Viewer): Promise<CollectionSummary | undefined> {
    const row = await this.findVisible(id, viewer);
    if (!row) return undefined;
    const count = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('collection_id', '=', id)
      .executeTakeFirstOrThrow();
    return toSummary(row, Number(count.n), viewer);
  }

  async create(viewer: Viewer, name: string, scope: CollectionScope): Promise<CollectionSummary> {
    const now = new Date();
    const row = await this.db
      .insertInto('collections')
      .values({ id: randomUUID(), scope, owner_id: scope === 'personal' ? viewer.sub : null, name, created_at: now, updated_at: now })
      .returning(['id', 'scope', 'owner_id', 'name', 'created_at', 'updated_at'])
      .$narrowType<{ scope: CollectionScope }>()
      .executeTakeFirstOrThrow();
    return toSummary(row, 0, viewer);
  }

  async rename(id: string, name: string): Promise<void> {
    await this.db.updateTable('collections').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** Marks a change of the collection's content (an upload, a deleted file). */
  async touch(id: string): Promise<void> {
    await this.db.updateTable('collections').set({ updated_at: new Date() }).where('id', '=', id).execute();
  }

  /**
   * Deletes the collection with its files, runs, pages and passages (foreign keys cascade) and
   * answers the storage keys of the files, whose bytes the caller removes.
   */
  async delete(id: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const files = await trx.selectFrom('files').select('storage_key').where('collection_id', '=', id).execute();
      // passages.collection_id has no foreign key (search filters on it): cascade goes through files.
      await trx.deleteFrom('collections').where('id', '=', id).execute();
      return files.map((file) => file.storage_key);
    });
  }

  /**
   * The user's default personal collection (the oldest one), made on first use. An advisory lock
   * per user keeps two first requests at the same moment from making two.
   */
  async ensureDefaultPersonal(sub: string): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`collections:default:${sub}`}))`.execute(trx);
      const existing = await trx
        .selectFrom('collections')
        .select('id')
        .where('scope', '=', 'personal')
        .where('owner_id', '=', sub)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      if (existing) return existing.id;
      const id = randomUUID();
      await trx.insertInto('collections').values({ id, scope: 'personal', owner_id: sub, name: DEFAULT_COLLECTION_NAME }).execute();
      return id;
    });
  }
}

function toSummary(row: ListedCollectionRow, fileCount: number, viewer: Viewer): CollectionSummary {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    file_count: fileCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    can_manage: canManage(row, viewer),
  };
}
