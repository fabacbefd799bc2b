import { randomUUID } from 'node:crypto';
import { MEMORY_MAX_PER_USER, memoryKey, type Memory, type MemorySource } from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { MemoriesTable } from '../db/schema';

function toMemory(row: Selectable<MemoriesTable>): Memory {
  return { id: row.id, text: row.text, source: row.source, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** Why a memory was not stored: the same fact is there already, or the user keeps the most they may. */
export type MemoryRefusal = 'duplicate' | 'tooMany';

/**
 * A user's memories (docs/memory.md), every query scoped to the owner's sub: another user's memory
 * is "not found", like a missing one. The same fact (contracts' memoryKey) is stored once per user,
 * which the unique index keeps true under concurrent saves.
 */
export class MemoriesRepository {
  constructor(private readonly db: Database) {}

  /** The owner's memories, newest first. */
  async list(owner: string): Promise<Memory[]> {
    const rows = await this.db.selectFrom('memories').selectAll().where('owner_id', '=', owner).orderBy('created_at', 'desc').orderBy('id').execute();
    return rows.map(toMemory);
  }

  /** The texts the model is given, oldest first (the order they were told in). */
  async texts(owner: string): Promise<string[]> {
    const rows = await this.db.selectFrom('memories').select('text').where('owner_id', '=', owner).orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => row.text);
  }

  /** A new memory of `owner`; `text` is already checked (memoryTextSchema). */
  async add(owner: string, text: string, source: MemorySource): Promise<Memory | MemoryRefusal> {
    return this.db.transaction().execute(async (trx) => {
      // Serialises one user's saves, so the count below stays true.
      await sql`select pg_advisory_xact_lock(hashtext(${`memories:${owner}`}))`.execute(trx);
      const key = memoryKey(text);
      const { count, same } = await trx
        .selectFrom('memories')
        .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.countAll<string | number>().filterWhere('key', '=', key).as('same')])
        .where('owner_id', '=', owner)
        .executeTakeFirstOrThrow();
      if (Number(same) > 0) return 'duplicate' as const;
      if (Number(count) >= MEMORY_MAX_PER_USER) return 'tooMany' as const;
      const now = new Date();
      const row = await trx
        .insertInto('memories')
        .values({ id: randomUUID(), owner_id: owner, text, key, source, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMemory(row);
    });
  }

  /** New text for one of the owner's memories; undefined when it is not theirs (or gone). */
  async update(owner: string, id: string, text: string): Promise<Memory | 'duplicate' | undefined> {
    const key = memoryKey(text);
    const other = await this.db.selectFrom('memories').select('id').where('owner_id', '=', owner).where('key', '=', key).where('id', '!=', id).executeTakeFirst();
    if (other) return 'duplicate';
    const row = await this.db
      .updateTable('memories')
      .set({ text, key, updated_at: new Date() })
      .where('id', '=', id)
      .where('owner_id', '=', owner)
      .returningAll()
      .executeTakeFirst()
      .catch((error: unknown) => {
        // A save of the same fact that came in between (the unique index) is a duplicate too.
        if (isUniqueViolation(error)) return 'duplicate' as const;
        throw error;
      });
    return row === 'duplicate' ? row : row && toMemory(row);
  }

  /** Deletes one of the owner's memories; false when it is not theirs (or gone). */
  async delete(owner: string, id: string): Promise<boolean> {
    const row = await this.db.deleteFrom('memories').where('id', '=', id).where('owner_id', '=', owner).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes all the owner's memories; answers how many. */
  async deleteAll(owner: string): Promise<number> {
    const rows = await this.db.deleteFrom('memories').where('owner_id', '=', owner).returning('id').execute();
    return rows.length;
  }

  /** Whether the owner wants their memories used (absent: yes). */
  async usesMemory(owner: string): Promise<boolean> {
    const row = await this.db.selectFrom('memory_preferences').select('use_memory').where('owner_id', '=', owner).executeTakeFirst();
    return row?.use_memory ?? true;
  }

  async setUseMemory(owner: string, useMemory: boolean): Promise<void> {
    const now = new Date();
    await this.db
      .insertInto('memory_preferences')
      .values({ owner_id: owner, use_memory: useMemory, updated_at: now })
      .onConflict((oc) => oc.column('owner_id').doUpdateSet({ use_memory: useMemory, updated_at: now }))
      .execute();
  }
}

/** PostgreSQL's unique_violation (also PGlite's). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
