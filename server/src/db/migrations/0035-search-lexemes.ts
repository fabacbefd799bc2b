import { sql, type Kysely } from 'kysely';
import { COMPOUND_MIN_LEXEME, prepareSearchStorage } from '../../search/search-storage';

// Search at a million passages (docs/search.md, docs/operations.md#sizing): compound words are
// looked up in a vocabulary of the passages' lexemes (search_lexemes, with its trigram index
// where pg_trgm exists) and then in the tsvector's GIN index, instead of by regular expression
// over the passages' text through a trigram index on passages.text. That index (the largest of
// the table, and the slowest to write) is no longer read and goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await prepareSearchStorage(db);
  await sql`insert into search_lexemes (lexeme)
    select distinct l from passages p, unnest(tsvector_to_array(p.tsv)) as l
    where char_length(l) >= ${sql.lit(COMPOUND_MIN_LEXEME)}
    on conflict do nothing`.execute(db);
  await db.schema.dropIndex('passages_text_trgm_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_lexemes').ifExists().execute();
  const { rows } = await sql<{ one: number }>`select 1 as one from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (rows.length > 0) await sql`create index if not exists passages_text_trgm_idx on passages using gin (text gin_trgm_ops)`.execute(db);
}
