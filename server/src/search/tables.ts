import { sql, type ColumnType, type Kysely } from 'kysely';

/**
 * The two tables search writes and reads (created by migration 0003). Declared here as well so the
 * search code does not depend on the rest of the schema; functions take any Kysely instance.
 */
export interface SearchTables {
  document_pages: {
    file_id: string;
    page_number: number;
    text: string;
    wordcount: number;
    boxes: ColumnType<unknown, string | undefined, string>;
  };
  passages: {
    id: string;
    file_id: string;
    collection_id: string;
    page_number: number;
    start_offset: number;
    end_offset: number;
    text: string;
    language: string;
    tsv: ColumnType<string, unknown, unknown>;
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
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
