import { randomUUID } from 'node:crypto';
import { shareTargetKey, type ItemSharing, type Share, type ShareItemKind, type ShareRole, type ShareTarget, type ShareUpdate } from '@assistant/contracts';
import type { Kysely } from 'kysely';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import type { GroupNamer } from './group-names';
import type { ShareableItem, ShareableKind, SharingLookup } from './shareable-kind';

type Executor = Kysely<DatabaseSchema>;

/** A share's row with the names of its target and sharer (null when the directory lacks them). */
interface ShareRow {
  item_id: string;
  target_type: 'user' | 'group' | 'company';
  target_id: string;
  role: ShareRole;
  shared_by: string;
  sharer_name: string | null;
  user_name: string | null;
  group_display_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A share that reaches its viewer, for their "shared with me" list (the item not yet named). */
export interface ReceivedShare {
  kind: ShareItemKind;
  id: string;
  role: ShareRole;
  shared_by: { sub: string; name: string };
  via: { type: 'user' } | { type: 'group'; name: string } | { type: 'company' };
  shared_at: Date;
}

/** What the audit log keeps of a share: whom and which role, never the item's text. */
type AuditedShare = { target: ShareTarget; role: ShareRole };

function targetOf(row: Pick<ShareRow, 'target_type' | 'target_id'>): ShareTarget {
  return row.target_type === 'company' ? { type: 'company' } : { type: row.target_type, id: row.target_id };
}

const ROLE_RANK: Record<ShareRole, number> = { view: 1, edit: 2 };

/**
 * The shares of items (migration 0025, docs/sharing.md): who has access to an item, the whole
 * list replaced at once with one audit row per added, changed or removed share, and how listed
 * items reach their viewer. Whether the caller may manage an item's sharing is its kind's
 * question (ShareableKind.findManageable), asked by the route before any of this.
 */
export class SharesRepository {
  constructor(
    private readonly db: Database,
    private readonly groupName: GroupNamer,
  ) {}

  private rows(db: Executor, kind: ShareItemKind, ids: readonly string[]): Promise<ShareRow[]> {
    return db
      .selectFrom('shares as s')
      .leftJoin('directory_users as sharer', 'sharer.sub', 's.shared_by')
      .leftJoin('directory_users as u', (join) => join.onRef('u.sub', '=', 's.target_id').on('s.target_type', '=', 'user'))
      .leftJoin('directory_groups as g', (join) => join.onRef('g.id', '=', 's.target_id').on('s.target_type', '=', 'group'))
      .select([
        's.item_id',
        's.target_type',
        's.target_id',
        's.role',
        's.shared_by',
        'sharer.name as sharer_name',
        'u.name as user_name',
        'g.display_name as group_display_name',
        's.created_at',
        's.updated_at',
      ])
      .where('s.item_kind', '=', kind)
      .where('s.item_id', 'in', ids)
      .execute();
  }

  private targetName(row: ShareRow): string {
    if (row.target_type === 'user') return row.user_name ?? row.target_id;
    if (row.target_type === 'group') return this.groupName({ id: row.target_id, display_name: row.group_display_name });
    return '';
  }

  private toShare(row: ShareRow): Share {
    const target: Share['target'] = row.target_type === 'company' ? { type: 'company' } : { type: row.target_type, id: row.target_id, name: this.targetName(row) };
    return {
      target,
      role: row.role,
      shared_by: { sub: row.shared_by, name: row.sharer_name ?? row.shared_by },
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  /** Who has access to the item, with shown names: the company, then groups, then people. */
  async list(kind: ShareItemKind, id: string, db: Executor = this.db): Promise<Share[]> {
    return sortShares(await this.rows(db, kind, [id])).map((row) => this.toShare(row));
  }

  /**
   * Replaces the item's shares with `update.shares` in one transaction: each added, changed or
   * removed share is one audit row (actor, action, item, before and after), and the kind's
   * afterChange runs in the same transaction (a conversation takes its snapshot there). Answers
   * the new list.
   */
  async replace(kind: ShareableKind, item: ShareableItem, update: ShareUpdate, viewer: Viewer): Promise<Share[]> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('shares')
        .select(['id', 'target_type', 'target_id', 'role'])
        .where('item_kind', '=', kind.kind)
        .where('item_id', '=', item.id)
        .forUpdate()
        .execute();
      const before = new Map(current.map((row) => [shareTargetKey({ type: row.target_type, id: row.target_id }), row]));
      const after = new Map(update.shares.map((share) => [shareTargetKey(share.target), share]));
      const now = new Date();
      const audit: { action: string; before: AuditedShare | null; after: AuditedShare | null }[] = [];

      for (const [key, row] of before) {
        if (after.has(key)) continue;
        await trx.deleteFrom('shares').where('id', '=', row.id).execute();
        audit.push({ action: 'share.remove', before: { target: targetOf(row), role: row.role }, after: null });
      }
      for (const [key, share] of after) {
        const existing = before.get(key);
        const audited = { target: share.target, role: share.role };
        if (!existing) {
          await trx
            .insertInto('shares')
            .values({
              id: randomUUID(),
              item_kind: kind.kind,
              item_id: item.id,
              target_type: share.target.type,
              target_id: share.target.type === 'company' ? '' : share.target.id,
              role: share.role,
              shared_by: viewer.sub,
              created_at: now,
              updated_at: now,
            })
            .execute();
          audit.push({ action: 'share.add', before: null, after: audited });
        } else if (existing.role !== share.role) {
          // Whoever gave the current role is the one "shared by" names.
          await trx.updateTable('shares').set({ role: share.role, shared_by: viewer.sub, updated_at: now }).where('id', '=', existing.id).execute();
          audit.push({ action: 'share.change', before: { target: targetOf(existing), role: existing.role }, after: audited });
        }
      }
      if (audit.length > 0) {
        await trx
          .insertInto('audit_log')
          .values(
            audit.map((entry) => ({
              at: now,
              actor_sub: viewer.sub,
              action: entry.action,
              subject_kind: kind.kind,
              subject_id: item.id,
              before: entry.before && JSON.stringify(entry.before),
              after: entry.after && JSON.stringify(entry.after),
            })),
          )
          .execute();
      }
      await kind.afterChange?.(trx, item, update, viewer);
      return this.list(kind.kind, item.id, trx);
    });
  }

  /**
   * Forgets every share of items that no longer exist, in the caller's transaction when given (a
   * kind's delete). No audit row: the item's own deletion is what happened.
   */
  async removeAllOf(kind: ShareItemKind, ids: readonly string[], db: Executor = this.db): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('shares').where('item_kind', '=', kind).where('item_id', 'in', ids).execute();
  }

  /**
   * The newest shares that reach the viewer (them, a group of theirs, the company), given by
   * someone else, one per item (its best role; of equal roles the newest), newest first. The
   * caller names the items and leaves out those that no longer exist.
   */
  async sharedWithViewer(viewer: Viewer, kinds: readonly ShareItemKind[], limit: number): Promise<ReceivedShare[]> {
    if (kinds.length === 0) return [];
    const rows = await this.db
      .selectFrom('shares as s')
      .leftJoin('directory_users as sharer', 'sharer.sub', 's.shared_by')
      .leftJoin('directory_groups as g', (join) => join.onRef('g.id', '=', 's.target_id').on('s.target_type', '=', 'group'))
      .select(['s.item_kind', 's.item_id', 's.target_type', 's.target_id', 's.role', 's.shared_by', 'sharer.name as sharer_name', 'g.display_name as group_display_name', 's.updated_at'])
      .where('s.item_kind', 'in', kinds)
      .where('s.shared_by', '!=', viewer.sub)
      .where((eb) =>
        eb.or([
          eb.and([eb('s.target_type', '=', 'user'), eb('s.target_id', '=', viewer.sub)]),
          eb('s.target_type', '=', 'company'),
          ...(viewer.groups.length > 0 ? [eb.and([eb('s.target_type', '=', 'group'), eb('s.target_id', 'in', viewer.groups)])] : []),
        ]),
      )
      .orderBy('s.updated_at', 'desc')
      // Room for items shared several ways and for items gone since.
      .limit(limit * 4)
      .execute();
    const best = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const key = `${row.item_kind}:${row.item_id}`;
      const found = best.get(key);
      if (!found || ROLE_RANK[row.role] > ROLE_RANK[found.role]) best.set(key, row);
    }
    return [...best.values()]
      .sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())
      .map((row) => ({
        kind: row.item_kind,
        id: row.item_id,
        role: row.role,
        shared_by: { sub: row.shared_by, name: row.sharer_name ?? row.shared_by },
        via:
          row.target_type === 'group'
            ? { type: 'group' as const, name: this.groupName({ id: row.target_id, display_name: row.group_display_name }) }
            : { type: row.target_type },
        shared_at: new Date(row.updated_at),
      }));
  }

  /** When the viewer last looked at what was shared with them (null: never). */
  async seenAt(sub: string): Promise<Date | null> {
    const row = await this.db.selectFrom('shared_with_me_seen').select('seen_at').where('user_sub', '=', sub).executeTakeFirst();
    return row ? new Date(row.seen_at) : null;
  }

  /** Records that the viewer looked now (the badge starts from zero). */
  async markSeen(sub: string): Promise<void> {
    const now = new Date();
    await this.db
      .insertInto('shared_with_me_seen')
      .values({ user_sub: sub, seen_at: now })
      .onConflict((oc) => oc.column('user_sub').doUpdateSet({ seen_at: now }))
      .execute();
  }

  /**
   * How each listed item reaches the viewer, in one query for the whole list: their own (or, for
   * the company's items, an administrator's to manage), or shared with them (the best role among
   * the shares that reach them, and who gave it); owners and editors also see with whom it is
   * shared. Items that reach the viewer otherwise (a company agent) read as `view`.
   */
  readonly sharingOf: SharingLookup = async (kind, items, viewer) => {
    const answer = new Map<string, ItemSharing>();
    if (items.length === 0) return answer;
    const rows = sortShares(await this.rows(this.db, kind, [...new Set(items.map((item) => item.id))]));
    const byItem = new Map<string, ShareRow[]>();
    for (const row of rows) byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), row]);
    const groups = new Set(viewer.groups);
    const reaches = (row: ShareRow) =>
      row.target_type === 'company' || (row.target_type === 'user' && row.target_id === viewer.sub) || (row.target_type === 'group' && groups.has(row.target_id));

    for (const item of items) {
      const shares = byItem.get(item.id) ?? [];
      const owns = item.ownerSub === null ? viewer.isAdmin : item.ownerSub === viewer.sub;
      // The best share that reaches the viewer; of equal roles, the newest names the sharer.
      const best = owns
        ? undefined
        : shares.filter(reaches).reduce<ShareRow | undefined>((found, row) => {
            if (!found || ROLE_RANK[row.role] > ROLE_RANK[found.role]) return row;
            return ROLE_RANK[row.role] === ROLE_RANK[found.role] && row.updated_at > found.updated_at ? row : found;
          }, undefined);
      const access: ItemSharing['access'] = owns ? 'owner' : (best?.role ?? 'view');
      answer.set(item.id, {
        access,
        shared_by: best ? { sub: best.shared_by, name: best.sharer_name ?? best.shared_by } : null,
        shared_with: access === 'view' ? [] : shares.map((row) => ({ type: row.target_type, name: this.targetName(row) })),
      });
    }
    return answer;
  };
}

const TARGET_ORDER = { company: 0, group: 1, user: 2 } as const;

/** The company first, then groups, then people, each in the order they were given access (at once: by name). */
function sortShares(rows: ShareRow[]): ShareRow[] {
  const name = (row: ShareRow) => row.user_name ?? row.group_display_name ?? row.target_id;
  return rows.sort(
    (a, b) =>
      TARGET_ORDER[a.target_type] - TARGET_ORDER[b.target_type] ||
      new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
      name(a).localeCompare(name(b), undefined, { sensitivity: 'base' }) ||
      a.target_id.localeCompare(b.target_id),
  );
}
