import type { Database } from '../db/database';

/** Each user's favourite apps of the apps page, in their order (one row per user). */
export class AppFavouritesRepository {
  constructor(private readonly db: Database) {}

  /** The stored ids as saved; none saved yet is an empty list. */
  async read(owner: string): Promise<string[]> {
    const row = await this.db.selectFrom('user_app_favourites').select('app_ids').where('owner_id', '=', owner).executeTakeFirst();
    if (!row) return [];
    const ids: unknown = typeof row.app_ids === 'string' ? JSON.parse(row.app_ids) : row.app_ids;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  }

  /** Replaces the owner's favourites. */
  async write(owner: string, ids: readonly string[]): Promise<void> {
    const now = new Date();
    const appIds = JSON.stringify(ids);
    await this.db
      .insertInto('user_app_favourites')
      .values({ owner_id: owner, app_ids: appIds, updated_at: now })
      .onConflict((oc) => oc.column('owner_id').doUpdateSet({ app_ids: appIds, updated_at: now }))
      .execute();
  }
}
