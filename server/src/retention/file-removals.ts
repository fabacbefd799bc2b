import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import type { FileStorage } from '../ingestion/file-storage';

const DRAIN_BATCH = 500;

/**
 * Stored bytes whose rows were deleted (table file_removals, migration 0029): queued in the
 * transaction that deleted the rows, removed from disk once it committed. A process killed in
 * between leaves the keys queued; the next drain removes them, so no bytes outlive their rows.
 */
export class FileRemovals {
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
  ) {}

  /** Queues `keys` in the deleting transaction. */
  static async queue(trx: Transaction<DatabaseSchema>, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await trx
      .insertInto('file_removals')
      .values(keys.map((storage_key) => ({ storage_key })))
      .onConflict((oc) => oc.column('storage_key').doNothing())
      .execute();
  }

  /** Removes these queued keys' bytes (after their deletion committed), then their queue rows. */
  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await Promise.all(keys.map((key) => this.storage.remove(key)));
    await this.db.deleteFrom('file_removals').where('storage_key', 'in', [...keys]).execute();
  }

  /** Removes every queued key's bytes (those a killed process left); answers how many. */
  async drain(): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await this.db.selectFrom('file_removals').select('storage_key').orderBy('queued_at').limit(DRAIN_BATCH).execute();
      await this.remove(rows.map((row) => row.storage_key));
      removed += rows.length;
      if (rows.length < DRAIN_BATCH) return removed;
    }
  }
}
