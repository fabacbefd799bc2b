import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { tracedDialect } from '../telemetry/db-spans';
import { migrations } from './migrations/index';
import { pgliteNotifications, postgresNotifications, type Notifications } from './notifications';
import type { DatabaseSchema } from './schema';

export type Database = Kysely<DatabaseSchema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined keeps PGlite in memory. */
  | { kind: 'pglite'; dataDir: string | undefined };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** PostgreSQL's connection pool (the database pool metrics); undefined on PGlite. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'> | undefined;
  /**
   * NOTIFY delivered to this process (notifications.ts): a LISTEN connection of its own on
   * PostgreSQL, PGlite's listeners on PGlite. Nothing is opened until the first subscription.
   */
  notifications: Notifications;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Each query as a span of the trace it is part of (telemetry/db-spans.ts); on when tracing is. */
  traceQueries?: boolean;
  /** Where a lost LISTEN connection is told (PostgreSQL). */
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite, and brings the schema up to date. */
export async function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  let db: Database;
  let pool: pg.Pool | undefined;
  let notifications: Notifications;
  const traced = (dialect: Dialect) => (options.traceQueries ? tracedDialect(dialect) : dialect);
  if (target.kind === 'postgres') {
    pool = new pg.Pool({ connectionString: target.url, max: 10 });
    db = new Kysely<DatabaseSchema>({ dialect: traced(new PostgresDialect({ pool })) });
    notifications = postgresNotifications({ url: target.url, log: options.log });
  } else {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    // Loaded here only: a server on PostgreSQL never holds PGlite's modules in memory.
    const [{ PGlite }, { pg_trgm }, { vector }, { PGliteDialect }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite-pgvector'),
      import('kysely-pglite-dialect'),
    ]);
    // PGlite loads extensions only when told at start: pgvector (hybrid search) and pg_trgm
    // (compound words); `create extension` then works as on PostgreSQL (docs/search.md).
    const extensions = { vector, pg_trgm };
    const assets = await pgliteAssets();
    const pglite = target.dataDir ? new PGlite(target.dataDir, { extensions, ...assets }) : new PGlite({ extensions, ...assets });
    await pglite.waitReady;
    db = new Kysely<DatabaseSchema>({ dialect: traced(new PGliteDialect(pglite)) });
    notifications = pgliteNotifications(pglite);
  }
  await migrateToLatest(db);
  return {
    db,
    kind: target.kind,
    pool,
    notifications,
    async close() {
      await notifications.close();
      await db.destroy();
    },
  };
}

let assetsOnce: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process, and its file bundle, read once: each new PGlite
 * would otherwise compile the 9 MB module and read the 6 MB bundle again, about a third of the
 * CPU of opening one, and the tests open hundreds in a process.
 */
function pgliteAssets() {
  assetsOnce ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const pgliteWasmModule = await WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm')));
    return { pgliteWasmModule, fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]) };
  })();
  return assetsOnce;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Database): Promise<void> {
  // Most starts find nothing to do: one query says so, where the migrator spends about ten
  // statements (its tables, lock and introspection), a tenth of a second or more of each start.
  if (await allMigrationsRecorded(db)) return;
  // Migrations of one release may land in any order (0008 shipped before 0007): a database that
  // ran a later one still gets an earlier newcomer, instead of refusing to start. Each migration
  // must therefore not depend on one numbered after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const detail = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
}

/** True when every migration is recorded as run (Kysely's default table); false on a new database. */
async function allMigrationsRecorded(db: Database): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const recorded = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).every((name) => recorded.has(name));
  } catch {
    return false; // no table yet: the migrator makes it
  }
}
