import { createHash } from 'node:crypto';
import type { AdminGroup, DirectoryGroup, DirectoryPerson } from '@assistant/contracts';
import { sql } from 'kysely';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/database';
import { groupNamer, type GroupNamer } from './group-names';

/** Most people or groups one directory search answers. */
export const DIRECTORY_RESULTS_MAX = 20;

/** `q` as a case-insensitive substring pattern (its own `%`, `_` and `\` taken literally). */
export function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The people and groups the portal has seen (docs/sharing.md): filled at sign-in from the verified
 * token's claims, since a company's provider is not asked for its directory (no SCIM). Work that
 * outlives its request (research, library sync) reads a user's groups here, as of their last
 * sign-in or renew.
 */
export class DirectoryRepository {
  private readonly groupName: GroupNamer;

  /** `groupNames`: GROUP_NAMES, the configured names of group ids. */
  constructor(
    private readonly db: Database,
    private readonly groupNames: Readonly<Record<string, string>> = {},
  ) {
    this.groupName = groupNamer(groupNames);
  }

  /**
   * Remembers a signed-in user as their verified token shows them: name, e-mail and groups, each
   * seen now; memberships the token no longer carries are removed. Idempotent, so replicas may
   * record the same sign-in at once.
   */
  async record(user: Pick<Principal, 'sub' | 'name' | 'email' | 'groups'>): Promise<void> {
    const now = new Date();
    const groups = [...new Set(user.groups)].sort();
    const person = { name: user.name ?? user.email ?? user.sub, email: user.email ?? null, last_seen_at: now };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('directory_users')
        .values({ sub: user.sub, ...person })
        .onConflict((oc) => oc.column('sub').doUpdateSet(person))
        .execute();
      let leaving = trx.deleteFrom('group_members').where('user_sub', '=', user.sub);
      if (groups.length > 0) {
        leaving = leaving.where('group_id', 'not in', groups);
        await trx
          .insertInto('directory_groups')
          .values(groups.map((id) => ({ id, first_seen_at: now, last_seen_at: now })))
          .onConflict((oc) => oc.column('id').doUpdateSet({ last_seen_at: now }))
          .execute();
        await trx
          .insertInto('group_members')
          .values(groups.map((id) => ({ group_id: id, user_sub: user.sub, last_seen_at: now })))
          .onConflict((oc) => oc.columns(['group_id', 'user_sub']).doUpdateSet({ last_seen_at: now }))
          .execute();
      }
      await leaving.execute();
    });
  }

  /** The groups `sub` was last seen with (none for someone never seen). */
  async groupsOf(sub: string): Promise<string[]> {
    const rows = await this.db.selectFrom('group_members').select('group_id').where('user_sub', '=', sub).orderBy('group_id').execute();
    return rows.map((row) => row.group_id);
  }

  /** People who signed in whose name or e-mail contains `q` (any case), `except` the asker, by name. */
  async people(q: string, except: string): Promise<DirectoryPerson[]> {
    let query = this.db.selectFrom('directory_users').select(['sub', 'name', 'email']).where('sub', '!=', except);
    if (q) query = query.where((eb) => eb.or([eb('name', 'ilike', containing(q)), eb('email', 'ilike', containing(q))]));
    return query.orderBy(sql`lower(name)`).orderBy('sub').limit(DIRECTORY_RESULTS_MAX).execute();
  }

  /**
   * Groups whose shown name or id contains `q` (any case), with their member counts. A name read
   * from the id is part of the id; a configured name is matched through the ids it names.
   */
  async groups(q: string): Promise<DirectoryGroup[]> {
    let query = this.groupRows();
    if (q) {
      const needle = q.toLocaleLowerCase();
      const namedIds = Object.entries(this.groupNames).flatMap(([id, name]) => (name.toLocaleLowerCase().includes(needle) ? [id] : []));
      query = query.where((eb) =>
        eb.or([eb('g.display_name', 'ilike', containing(q)), eb('g.id', 'ilike', containing(q)), ...(namedIds.length > 0 ? [eb('g.id', 'in', namedIds)] : [])]),
      );
    }
    const rows = await query.execute();
    return this.named(rows)
      .slice(0, DIRECTORY_RESULTS_MAX)
      .map(({ id, name, member_count }) => ({ id, name, member_count }));
  }

  /** Every group, for the administrators, by shown name. */
  async adminGroups(): Promise<AdminGroup[]> {
    return this.named(await this.groupRows().execute());
  }

  /**
   * Gives a group the administrators' display name (null: the provider's name again), recorded in
   * the audit log. Undefined for a group the portal has not seen.
   */
  async rename(id: string, displayName: string | null, actor: string): Promise<AdminGroup | undefined> {
    const found = await this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('directory_groups').select('display_name').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) return false;
      if (current.display_name === displayName) return true;
      await trx.updateTable('directory_groups').set({ display_name: displayName }).where('id', '=', id).execute();
      await trx
        .insertInto('audit_log')
        .values({
          actor_sub: actor,
          action: 'group.rename',
          subject_kind: 'group',
          subject_id: id,
          before: JSON.stringify({ display_name: current.display_name }),
          after: JSON.stringify({ display_name: displayName }),
        })
        .execute();
      return true;
    });
    if (!found) return undefined;
    return this.named(await this.groupRows().where('g.id', '=', id).execute())[0];
  }

  /** Which of `subs` signed in at least once. */
  async knownUsers(subs: readonly string[]): Promise<Set<string>> {
    if (subs.length === 0) return new Set();
    const rows = await this.db.selectFrom('directory_users').select('sub').where('sub', 'in', subs).execute();
    return new Set(rows.map((row) => row.sub));
  }

  /** Which of `ids` the portal has seen. */
  async knownGroups(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('directory_groups').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  private groupRows() {
    return this.db
      .selectFrom('directory_groups as g')
      .leftJoin('group_members as m', 'm.group_id', 'g.id')
      .select(['g.id', 'g.display_name', 'g.last_seen_at', (eb) => eb.fn.count<string>('m.user_sub').as('member_count')])
      .groupBy(['g.id', 'g.display_name', 'g.last_seen_at']);
  }

  private named(rows: Array<{ id: string; display_name: string | null; last_seen_at: Date; member_count: string | number | bigint }>): AdminGroup[] {
    return rows
      .map((row) => ({
        id: row.id,
        name: this.groupName(row),
        display_name: row.display_name,
        member_count: Number(row.member_count),
        last_seen_at: new Date(row.last_seen_at).toISOString(),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  }
}

/** How long a recorded sign-in counts as fresh: `last_seen_at` is this exact. */
const SIGN_IN_REFRESH_MS = 15 * 60_000;
/** Users whose last recording this process remembers (the oldest is forgotten first). */
const SIGN_IN_CACHE_SIZE = 10_000;

/**
 * Records each verified principal in the directory when it differs from what this process last
 * recorded for its subject (name, e-mail, groups) or that recording is older than
 * SIGN_IN_REFRESH_MS: a renewed token with other groups is recorded at once, the same token again
 * costs a map lookup. A failed recording is retried with the next request.
 */
export function signInRecorder(directory: Pick<DirectoryRepository, 'record'>, now: () => number = Date.now) {
  const recorded = new Map<string, { digest: string; at: number }>();
  return async (principal: Pick<Principal, 'sub' | 'name' | 'email' | 'groups'>): Promise<void> => {
    const digest = createHash('sha256')
      .update(JSON.stringify([principal.name ?? null, principal.email ?? null, [...principal.groups].sort()]))
      .digest('base64url');
    const last = recorded.get(principal.sub);
    if (last?.digest === digest && now() - last.at < SIGN_IN_REFRESH_MS) return;
    await directory.record(principal);
    recorded.delete(principal.sub);
    recorded.set(principal.sub, { digest, at: now() });
    if (recorded.size > SIGN_IN_CACHE_SIZE) recorded.delete(recorded.keys().next().value!);
  };
}
