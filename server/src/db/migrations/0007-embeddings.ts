import type { Kysely } from 'kysely';
import { prepareSearchStorage } from '../../search/search-storage';

// Hybrid search (docs/search.md): pgvector's `vector` extension and the passage_embeddings table where
// the database offers it, pg_trgm and a trigram index on passages.text for compound words. Both
// only when available (Debian's PostgreSQL has no pgvector): the server checks again at every
// start with the same idempotent steps, so an extension installed later is picked up then.
export async function up(db: Kysely<unknown>): Promise<void> {
  await prepareSearchStorage(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passage_embeddings').ifExists().execute();
  await db.schema.dropIndex('passages_text_trgm_idx').ifExists().execute();
}
