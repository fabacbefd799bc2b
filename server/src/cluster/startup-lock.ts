import { sql } from 'kysely';
import type { Database, DatabaseHandle } from '../db/database';

/** pg_advisory_lock key of the start-up preparation (any 64-bit number no other lock uses). */
const STARTUP_LOCK = 7_341_926_004_118_223n;

/**
 * Runs the start-up work that changes the database beyond the migrations (the search extensions
 * and tables, the settings seed) in one process at a time: several server processes or replicas
 * starting together would otherwise race on `create extension` and the like. On PostgreSQL a
 * session advisory lock on one connection, which `work` gets; on PGlite (one process) nothing.
 * The migrations themselves are serialized by Kysely's own advisory lock.
 */
export async function withStartupLock<T>(database: Pick<DatabaseHandle, 'db' | 'kind'>, work: (db: Database) => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work(database.db);
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK)})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK)})`.execute(connection).catch(() => undefined);
    }
  });
}
