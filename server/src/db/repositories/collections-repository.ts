import { randomUUID } from 'node:crypto';
import { uuidSchema, type CollectionScope, type CollectionSummary, type ItemSharing } from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import type { Viewer } from '../../auth/principal';
import { editableCollection, ownedCollection, readableCollection } from '../../collections/collection-visibility';
import type { SharingLookup } from '../../sharing/shareable-kind';
import type { Database } from '../database';
import type { CollectionsTable } from '../schema';

export type CollectionRow = Pick<Selectable<CollectionsTable>, 'id' | 'scope' | 'owner_id' | 'name' | 'created_at' | 'updated_at'>;
/**
 * A personal or company collection. A conversation's attachments are a collection too (scope
 * 'conversation', routes/conversation-files.ts), but never one of these: not listed, not found here.
 */
type ListedCollectionRow = CollectionRow & { scope: CollectionScope };

/**
 * A collection as the viewer reaches it: whether they may change its documents (the owner and
 * editors of a personal one, administrators of a company one) and the collection itself (its
 * name, deletion and sharing: the owner, administrators of a company one).
 */
export type VisibleCollection = ListedCollectionRow & { can_edit: boolean; can_own: boolean };

/** The name a user's default personal collection gets (the upload config's repositoryID). */
export const DEFAULT_COLLECTION_NAME = 'My documents';

export class CollectionsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The personal collections the viewer reads (their own and those shared with them) or the
   * company ones they may read (all, but those restricted to groups of which they are in none),
   * with file counts, latest change first.
   */
  async list(viewer: Viewer, scope: CollectionScope, sharingOf?: SharingLookup): Promise<CollectionSummary[]> {
    const rows = await this.visible(viewer)
      .select((eb) => eb.selectFrom('files').select(eb.fn.countAll<string>().as('n')).whereRef('files.collection_id', '=', 'c.id').as('file_count'))
      .where('c.scope', '=', scope)
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id')
      .execute();
    const sharing = await sharingOf?.('collection', rows.map(sharedItem), viewer);
    return rows.map((row) => toSummary(row, Number(row.file_count ?? 0), sharing?.get(row.id)));
  }

  /**
   * A collection the viewer may read, or undefined: what the rule keeps from them does not exist
   * for them, and a conversation's attachments are reached only through their conversation.
   */
  async findVisible(id: string, viewer: Viewer): Promise<VisibleCollection | undefined> {
    return this.visible(viewer).where('c.id', '=', id).executeTakeFirst();
  }

  /** Those of `ids` the viewer may read, in the order given (the others are left out). */
  async readable(ids: readonly string[], viewer: Viewer): Promise<Array<{ id: string; name: string }>> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const rows = await this.visible(viewer).where('c.id', 'in', wanted).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return wanted.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id: row.id, name: row.name }] : [];
    });
  }

  /** The names of existing personal and company collections by id (a recipient's "shared with me" list). */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('collections').select(['id', 'name']).where('id', 'in', wanted).where('scope', 'not in', ['conversation', 'project']).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  private visible(viewer: Viewer) {
    return this.db
      .selectFrom('collections as c')
      .select(['c.id', 'c.scope', 'c.owner_id', 'c.name', 'c.created_at', 'c.updated_at'])
      .select([editableCollection(viewer, 'c').as('can_edit'), ownedCollection(viewer, 'c').as('can_own')])
      // Attachments and a project's files are reached through their conversation or project only.
      .where('c.scope', 'not in', ['conversation', 'project'])
      .where(readableCollection(viewer, 'c'))
      // PostgreSQL answers a boolean (SqlBool also allows 0/1 for other databases).
      .$narrowType<{ scope: CollectionScope; can_edit: boolean; can_own: boolean }>();
  }

  /** One collection the viewer may read, with its `sharing` when `sharingOf` is given. */
  async summary(id: string, viewer: Viewer, sharingOf?: SharingLookup): Promise<CollectionSummary | undefined> {
    const row = await this.findVisible(id, viewer);
    if (!row) return undefined;
    const count = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('collection_id', '=', id)
      .executeTakeFirstOrThrow();
    const sharing = await sharingOf?.('collection', [sharedItem(row)], viewer);
    return toSummary(row, Number(count.n), sharing?.get(row.id));
  }

  async create(viewer: Viewer, name: string, scope: CollectionScope): Promise<CollectionSummary> {
    const now = new Date();
    const row = await this.db
      .insertInto('collections')
      .values({ id: randomUUID(), scope, owner_id: scope === 'personal' ? viewer.sub : null, name, created_at: now, updated_at: now })
      .returning(['id', 'scope', 'owner_id', 'name', 'created_at', 'updated_at'])
      .$narrowType<{ scope: CollectionScope }>()
      .executeTakeFirstOrThrow();
    return toSummary({ ...row, can_edit: true, can_own: true }, 0);
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
      // Shares name items by id without a foreign key: a deleted collection's go with it (no audit row: the deletion is what happened).
      await trx.deleteFrom('shares').where('item_kind', '=', 'collection').where('item_id', '=', id).execute();
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

/** Ids that can name a collection (anything else would fail the uuid comparison). */
const uuidsOf = (ids: readonly string[]) => ids.filter((id) => uuidSchema.safeParse(id).success);

/** A collection as the sharing lookup knows it: a company one has no owner (its administrators manage it). */
const sharedItem = (row: VisibleCollection) => ({ id: row.id, ownerSub: row.scope === 'company' ? null : row.owner_id });

function toSummary(row: VisibleCollection, fileCount: number, sharing?: ItemSharing): CollectionSummary {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    file_count: fileCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    can_manage: row.can_edit,
    ...(sharing ? { sharing } : {}),
  };
}
