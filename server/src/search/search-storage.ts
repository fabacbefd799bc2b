import { sql } from 'kysely';
import type { AnyKysely } from './tables';

/**
 * What the database offers search beyond full-text: pgvector (hybrid search) and pg_trgm (the
 * trigram index of the compound-word list). Found at start, never assumed: Debian's PostgreSQL
 * ships pg_trgm but not pgvector; PGlite has both once openDatabase loaded them.
 */
export interface SearchStorage {
  /** The `vector` extension is installed and the passage_embeddings table exists. */
  vector: boolean;
  /** pgvector's version (iterative index scans need 0.8). */
  vectorVersion: string | undefined;
  /** pg_trgm is installed and the compound vocabulary (search_lexemes) has its trigram index. */
  trigram: boolean;
  /** Why an extension is not in use, for the start-up log. */
  notes: string[];
}

/** The HNSW index of one vector dimension (pgvector indexes at most 2000 dimensions of `vector`). */
export const HNSW_MAX_DIMENSIONS = 2000;

async function available(db: AnyKysely, name: string): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`select 1 as one from pg_available_extensions where name = ${name}`.execute(db);
  return rows.length > 0;
}

async function installedVersion(db: AnyKysely, name: string): Promise<string | undefined> {
  const { rows } = await sql<{ extversion: string }>`select extversion from pg_extension where extname = ${name}`.execute(db);
  return rows[0]?.extversion;
}

/** `create extension if not exists`, under a savepoint inside a transaction so a refusal (no right) aborts nothing. */
async function createExtension(db: AnyKysely, name: 'vector' | 'pg_trgm'): Promise<string | undefined> {
  if (db.isTransaction) await sql`savepoint search_create_extension`.execute(db);
  try {
    await sql`create extension if not exists ${sql.id(name)}`.execute(db);
    if (db.isTransaction) await sql`release savepoint search_create_extension`.execute(db);
    return undefined;
  } catch (error) {
    if (db.isTransaction) await sql`rollback to savepoint search_create_extension`.execute(db);
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The embeddings table (untyped `vector`: the dimension is only known from the model, and a
 * change of model may change it; `dims` says it per row). collection_id and file_id are copies of
 * the passage's, so a vector search filters by collection on the table it scans.
 */
async function createEmbeddingsTable(db: AnyKysely): Promise<void> {
  await sql`create table if not exists passage_embeddings (
    passage_id uuid primary key references passages(id) on delete cascade,
    collection_id uuid not null,
    file_id uuid not null,
    model text not null,
    dims integer not null,
    embedding vector not null,
    created_at timestamptz not null default now())`.execute(db);
  await sql`create index if not exists passage_embeddings_collection_idx on passage_embeddings (collection_id, model)`.execute(db);
  await sql`create index if not exists passage_embeddings_model_idx on passage_embeddings (model)`.execute(db);
}

/**
 * The vocabulary compound words are looked up in: every lexeme of 7+ letters of the passages'
 * tsvectors (a compound is a stem of 4+ letters and 3+ more), once. Searching a million
 * passages' text by regular expression took seconds; the vocabulary is a few hundred thousand
 * short words, and the compounds found in it are then looked up in the tsvector's GIN index.
 * Written by indexDocument; a lexeme whose passages were deleted stays (it then finds nothing).
 */
async function createLexemesTable(db: AnyKysely): Promise<void> {
  await sql`create table if not exists search_lexemes (lexeme text primary key)`.execute(db);
}

async function createTrigramIndex(db: AnyKysely): Promise<void> {
  await sql`create index if not exists search_lexemes_trgm_idx on search_lexemes using gin (lexeme gin_trgm_ops)`.execute(db);
}

/** The shortest lexeme kept in search_lexemes: a compound's stem (4 letters) and 3 more. */
export const COMPOUND_MIN_LEXEME = 7;

/** Adds the lexemes of the file's passages to the compound vocabulary (in lexeme order, so concurrent files cannot deadlock). */
export async function addLexemes(db: AnyKysely, fileId: string): Promise<void> {
  await sql`insert into search_lexemes (lexeme)
    select distinct l from passages p, unnest(tsvector_to_array(p.tsv)) as l
    where p.file_id = ${fileId} and char_length(l) >= ${COMPOUND_MIN_LEXEME}
    order by l
    on conflict do nothing`.execute(db);
}

/**
 * Finds (and where possible installs) the extensions search uses: `select 1 from
 * pg_available_extensions`, then `create extension if not exists`, then the tables and indexes
 * that need them, all idempotent. Migration 0007 runs it once; the server runs it at every start,
 * so an extension installed later is used after a restart.
 */
export async function prepareSearchStorage(db: AnyKysely): Promise<SearchStorage> {
  const notes: string[] = [];
  await createLexemesTable(db);
  let vector = false;
  if (await available(db, 'vector')) {
    const refused = await createExtension(db, 'vector');
    if (refused) notes.push(`pgvector is available but could not be installed (${refused}): full-text search only`);
    else {
      await createEmbeddingsTable(db);
      vector = true;
    }
  } else {
    notes.push('the database has no pgvector extension (pg_available_extensions): full-text search only');
  }
  let trigram = false;
  if (await available(db, 'pg_trgm')) {
    const refused = await createExtension(db, 'pg_trgm');
    if (refused) notes.push(`pg_trgm is available but could not be installed (${refused}): compound words are matched without an index`);
    else {
      await createTrigramIndex(db);
      trigram = true;
    }
  } else {
    notes.push('the database has no pg_trgm extension: compound words are matched without an index');
  }
  return { vector, vectorVersion: vector ? await installedVersion(db, 'vector') : undefined, trigram, notes };
}

/**
 * The HNSW index (cosine) for one dimension: a partial index on `embedding::vector(N)` where
 * `dims = N`, made when the first vector of that dimension is stored (HNSW needs a fixed
 * dimension; the column has none). Above 2000 dimensions pgvector cannot index `vector`: those
 * searches scan exactly (filtered by collection first).
 */
export async function ensureVectorIndex(db: AnyKysely, dims: number): Promise<void> {
  if (!Number.isInteger(dims) || dims < 1 || dims > HNSW_MAX_DIMENSIONS) return;
  const name = `passage_embeddings_hnsw_${dims}`;
  // The catalog first: `create index if not exists` would lock the table even when the index exists.
  const { rows } = await sql<{ one: number }>`select 1 as one from pg_class where relname = ${name} and relkind = 'i'`.execute(db);
  if (rows.length > 0) return;
  if (db.isTransaction) await sql`savepoint search_vector_index`.execute(db);
  try {
    await sql`create index if not exists ${sql.id(name)} on passage_embeddings
      using hnsw ((embedding::vector(${sql.lit(dims)})) vector_cosine_ops) where dims = ${sql.lit(dims)}`.execute(db);
    if (db.isTransaction) await sql`release savepoint search_vector_index`.execute(db);
  } catch {
    // Another replica made it at the same moment (or may not): searches scan exactly meanwhile.
    if (db.isTransaction) await sql`rollback to savepoint search_vector_index`.execute(db);
  }
}

/** A vector as pgvector's text input (`[0.1,0.2,...]`). */
export function vectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}
