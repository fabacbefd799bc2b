import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DatabaseSchema, PassagesTable } from '../db/schema';

/**
 * The two tables search writes and reads (migration 0003). Search functions take any Kysely
 * instance (a transaction of the caller's included) and see only these tables.
 */
export type SearchTables = Pick<DatabaseSchema, 'document_pages' | 'passages' | 'passage_embeddings'>;

/** A passage as the searches read it: where it is and its text (its tsvector stays in the database). */
export type PassageRow = Pick<Selectable<PassagesTable>, 'id' | 'file_id' | 'collection_id' | 'page_number' | 'start_offset' | 'end_offset' | 'text'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a Kysely of any schema: callers pass their own database or transaction
export type AnyKysely = Kysely<any>;

export function searchDb(db: AnyKysely): Kysely<SearchTables> {
  return db as unknown as Kysely<SearchTables>;
}

export const SEARCH_LANGUAGES = ['german', 'english', 'simple'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** Refreshes the planner's statistics of the search tables (after a bulk load; PGlite has no autovacuum). */
export async function analyzeSearchTables(db: AnyKysely): Promise<void> {
  await sql`analyze passages`.execute(db);
  await sql`analyze document_pages`.execute(db);
  const { rows } = await sql<{ t: string | null }>`select to_regclass('passage_embeddings')::text as t`.execute(db);
  if (rows[0]?.t) await sql`analyze passage_embeddings`.execute(db);
}

const changedSinceAnalyze = new Map<string, number>();

/**
 * ANALYZE of a search table once this process changed more than 50 rows plus a tenth of it since
 * the last one, autovacuum's rule. PGlite has no autovacuum, and without statistics the planner
 * guesses: measured at 10 000 passages, a vector search scanned the collection exactly (14-25 ms)
 * instead of using the HNSW index (1.3 ms), and the candidate words of full-text search need the
 * lexeme statistics. On PostgreSQL it only adds an occasional early ANALYZE. Best effort: inside a
 * caller's transaction under a savepoint, and a refusal is ignored.
 */
export async function analyzeWhenGrown(db: AnyKysely, table: 'passages' | 'passage_embeddings', changed: number): Promise<void> {
  const pending = (changedSinceAnalyze.get(table) ?? 0) + changed;
  changedSinceAnalyze.set(table, pending);
  if (pending <= 50) return;
  const { rows } = await sql<{ n: number | string | null }>`select reltuples::float8 as n from pg_class where relname = ${table} and relkind = 'r'`.execute(db);
  const known = Math.max(Number(rows[0]?.n ?? 0), 0);
  if (pending <= 50 + 0.1 * known) return;
  changedSinceAnalyze.set(table, 0);
  if (db.isTransaction) await sql`savepoint search_analyze`.execute(db);
  try {
    await sql`analyze ${sql.table(table)}`.execute(db);
    if (db.isTransaction) await sql`release savepoint search_analyze`.execute(db);
  } catch {
    if (db.isTransaction) await sql`rollback to savepoint search_analyze`.execute(db);
  }
}

/**
 * Runs `query` with sequential and plain index scans priced out (`enable_seqscan` and
 * `enable_indexscan` off for a transaction of its own), so the GIN index's bitmap is used. A
 * search capped by LIMIT over an `or` of many lexemes is misjudged by the planner: it expects the
 * limit's rows early in a scan of the table (or of the collection index) and checks passage after
 * passage against the whole tsquery (measured at 100 000 passages: 430-620 ms, against 10 ms
 * through the GIN index). Inside a caller's transaction it runs as it is, leaving its settings alone.
 */
export async function withIndexScans<T>(db: AnyKysely, query: (db: AnyKysely) => Promise<T>): Promise<T> {
  if (db.isTransaction) return query(db);
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(trx);
    return query(trx);
  });
}

/**
 * `column` is one of the collections, written so the planner cannot use the collection index
 * (text comparison): for a capped search the planner ANDed the GIN bitmap with a bitmap of the
 * collections' passages, which at a million passages took 100-150 ms to build, while checking the
 * GIN index's candidates on the heap costs a few. Used with withIndexScans.
 */
export function inCollections(column: RawBuilder<unknown>, collectionIds: readonly string[]): RawBuilder<unknown> {
  return sql`${column}::text in (${sql.join(collectionIds.map((id) => sql`${id.toLowerCase()}`))})`;
}
