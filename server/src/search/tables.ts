import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * The two tables search writes and reads (migration 0003). Search functions take any Kysely
 * instance (a transaction of the caller's included) and see only these tables.
 */
export type SearchTables = Pick<DatabaseSchema, 'document_pages' | 'passages' | 'passage_embeddings'>;

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
}
