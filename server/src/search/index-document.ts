import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ParsedDocument } from '../ingestion/document-model';
import { countWords } from '../ingestion/parsers/language';
import { chunkDocument, type ChunkOptions } from './chunk-document';
import { storeEmbeddings } from './passage-embeddings';
import { addLexemes } from './search-storage';
import { analyzeWhenGrown, SEARCH_LANGUAGES, searchDb, type AnyKysely, type SearchTables } from './tables';

const BATCH = 200;

/**
 * Stores a parsed document for the preview and for search: replaces the file's document_pages
 * (text, word count, line boxes as JSON) and passages (chunks with their tsvector, built with the
 * document's text-search configuration) in one transaction, so a search never sees half a file.
 * Given a transaction (the ingestion job completes its run in the same one), it writes in that.
 * With `embeddings` (one vector per passage of chunkDocument(document.pages, chunk), in order,
 * computed before the transaction), the passages' embeddings are stored in the same transaction.
 */
export async function indexDocument(
  db: AnyKysely,
  input: {
    fileId: string;
    collectionId: string;
    document: ParsedDocument;
    chunk?: ChunkOptions;
    embeddings?: { model: string; vectors: ReadonlyArray<readonly number[]> } | undefined;
  },
): Promise<void> {
  const { fileId, collectionId, document, embeddings } = input;
  const language = (SEARCH_LANGUAGES as readonly string[]).includes(document.language) ? document.language : 'simple';
  const passages = chunkDocument(document.pages, input.chunk);
  const ids = passages.map(() => randomUUID());
  const write = async (trx: Kysely<SearchTables>) => {
    await trx.deleteFrom('passages').where('file_id', '=', fileId).execute();
    await trx.deleteFrom('document_pages').where('file_id', '=', fileId).execute();
    for (let i = 0; i < document.pages.length; i += BATCH) {
      await trx
        .insertInto('document_pages')
        .values(
          document.pages.slice(i, i + BATCH).map((page) => ({
            file_id: fileId,
            page_number: page.pageNumber,
            text: page.text,
            wordcount: countWords(page.text),
            boxes: JSON.stringify(page.boxes),
          })),
        )
        .execute();
    }
    for (let i = 0; i < passages.length; i += BATCH) {
      await trx
        .insertInto('passages')
        .values(
          passages.slice(i, i + BATCH).map((passage, j) => ({
            id: ids[i + j]!,
            file_id: fileId,
            collection_id: collectionId,
            page_number: passage.pageNumber,
            start_offset: passage.start,
            end_offset: passage.end,
            text: passage.text,
            language,
            tsv: sql`to_tsvector(${language}::regconfig, ${passage.text})`,
          })),
        )
        .execute();
    }
    await addLexemes(trx, fileId);
    // Vectors that do not line up with the passages (another chunking) are not stored: the
    // re-embedding job embeds the passages later.
    if (embeddings && embeddings.vectors.length === passages.length) {
      await storeEmbeddings(
        trx,
        embeddings.model,
        passages.map((_, i) => ({ passageId: ids[i]!, collectionId, fileId, vector: embeddings.vectors[i]! })),
      );
    }
  };
  if (db.isTransaction) await write(searchDb(db));
  else await searchDb(db).transaction().execute(write);
  await flushTextIndex(db);
  await analyzeWhenGrown(db, 'passages', passages.length);
}

/**
 * Moves the GIN index's pending list (fastupdate) into the index proper. PostgreSQL's autovacuum
 * does this in the background, but PGlite has no autovacuum: with a growing pending list the
 * planner prices the GIN index out and every search becomes a sequential scan (measured: 17k
 * passages, 6 ms seq scan vs 0.1 ms bitmap index scan). Flushing after each file keeps the list
 * to one file's entries. Best effort: a role without the right to do it just leaves it to vacuum.
 */
export async function flushTextIndex(db: AnyKysely): Promise<void> {
  // Inside a caller's transaction, a savepoint keeps a refusal from aborting that transaction.
  if (db.isTransaction) await sql`savepoint search_flush_text_index`.execute(db);
  try {
    // The trigram index of the compound vocabulary is a GIN index too, when it exists.
    await sql`select gin_clean_pending_list(c.oid::regclass) from pg_class c
      where c.relname in ('passages_tsv_idx', 'search_lexemes_trgm_idx') and c.relkind = 'i'`.execute(db);
    if (db.isTransaction) await sql`release savepoint search_flush_text_index`.execute(db);
  } catch {
    // Not the owner, or the index is named otherwise: autovacuum (PostgreSQL) does it later.
    if (db.isTransaction) await sql`rollback to savepoint search_flush_text_index`.execute(db);
  }
}

/** Removes a file's pages and passages (the files table's cascade does the same on delete). */
export async function removeDocument(db: AnyKysely, fileId: string): Promise<void> {
  await searchDb(db)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('passages').where('file_id', '=', fileId).execute();
      await trx.deleteFrom('document_pages').where('file_id', '=', fileId).execute();
    });
}
