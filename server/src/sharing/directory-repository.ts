import type { Database } from '../db/database';

/**
 * The people and groups the portal has seen (docs/sharing.md): filled at sign-in from the verified
 * token's claims, since a company's provider is not asked for its directory (no SCIM). Work that
 * outlives its request (research, library sync) reads a user's groups here, as of their last
 * sign-in or renew.
 */
export class DirectoryRepository {
  constructor(private readonly db: Database) {}

  /** The groups `sub` was last seen with (none for someone never seen). */
  async groupsOf(sub: string): Promise<string[]> {
    const rows = await this.db.selectFrom('group_members').select('group_id').where('user_sub', '=', sub).orderBy('group_id').execute();
    return rows.map((row) => row.group_id);
  }
}
