import { sql } from 'kysely';
import type { Embedder } from '../inference/embeddings';
import { ensureVectorIndex, vectorLiteral } from './search-storage';
import { analyzeWhenGrown, searchDb, type AnyKysely } from './tables';

export interface PassageVector {
  passageId: string;
  collectionId: string;
  fileId: string;
  vector: readonly number[];
}

/** Rows per insert: a 1024-dimension vector is ~10 KB of SQL text. */
const STORE_BATCH = 50;

/**
 * Stores (or replaces) passages' embeddings with their model and dimension, and makes sure the
 * HNSW index of that dimension exists. Works inside a caller's transaction (ingestion's).
 */
export async function storeEmbeddings(db: AnyKysely, model: string, vectors: readonly PassageVector[]): Promise<void> {
  if (vectors.length === 0) return;
  const dimensions = new Set(vectors.map((v) => v.vector.length));
  for (let i = 0; i < vectors.length; i += STORE_BATCH) {
    await searchDb(db)
      .insertInto('passage_embeddings')
      .values(
        vectors.slice(i, i + STORE_BATCH).map((v) => ({
          passage_id: v.passageId,
          collection_id: v.collectionId,
          file_id: v.fileId,
          model,
          dims: v.vector.length,
          embedding: sql<string>`${vectorLiteral(v.vector)}::vector`,
        })),
      )
      .onConflict((oc) =>
        oc.column('passage_id').doUpdateSet((eb) => ({
          model: eb.ref('excluded.model'),
          dims: eb.ref('excluded.dims'),
          embedding: eb.ref('excluded.embedding'),
          created_at: sql<Date>`now()`,
        })),
      )
      .execute();
  }
  for (const dims of dimensions) await ensureVectorIndex(db, dims);
  await analyzeWhenGrown(db, 'passage_embeddings', vectors.length);
}

/** Passages that have no embedding of `model` (none at all, or one of another model). */
export async function passagesToEmbed(db: AnyKysely, model: string, limit: number) {
  return searchDb(db)
    .selectFrom('passages as p')
    .leftJoin('passage_embeddings as e', (join) => join.onRef('e.passage_id', '=', 'p.id').on('e.model', '=', model))
    .where('e.passage_id', 'is', null)
    .select(['p.id', 'p.collection_id', 'p.file_id', 'p.text'])
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** Whether any passage lacks an embedding of `model` (start-up decides on a re-embedding job with it). */
export async function embeddingsMissing(db: AnyKysely, model: string): Promise<boolean> {
  return (await passagesToEmbed(db, model, 1)).length > 0;
}

export interface ReembedBatchResult {
  /** Passages embedded by this batch. */
  embedded: number;
  /** Whether passages without an embedding of the model may remain (false: the last batch). */
  more: boolean;
}

/**
 * One batch of the re-embedding job: up to `embedder.batchSize` passages without an embedding of
 * the current model (never embedded, the endpoint failed during their ingestion, or embedded with
 * a former EMBEDDINGS_MODEL) get one, in one `/embeddings` request. A failing request throws:
 * nothing is stored, and the job retries later. A passage deleted meanwhile is skipped.
 */
export async function reembedBatch(input: { db: AnyKysely; embedder: Embedder; signal?: AbortSignal }): Promise<ReembedBatchResult> {
  const { db, embedder, signal } = input;
  const rows = await passagesToEmbed(db, embedder.model, embedder.batchSize);
  if (rows.length === 0) return { embedded: 0, more: false };
  const vectors = await embedder.embed(
    rows.map((row) => row.text),
    signal ? { signal } : {},
  );
  // Passages removed while the request ran would break the foreign key: keep the ones still there.
  const present = new Set(
    (
      await searchDb(db)
        .selectFrom('passages')
        .select('id')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute()
    ).map((row) => row.id),
  );
  const kept = rows.flatMap((row, i) =>
    present.has(row.id) ? [{ passageId: row.id, collectionId: row.collection_id, fileId: row.file_id, vector: vectors[i]! }] : [],
  );
  await storeEmbeddings(db, embedder.model, kept);
  return { embedded: kept.length, more: rows.length === embedder.batchSize };
}

/**
 * The re-embedding job's whole run: batches until every passage has an embedding of the current
 * model or the signal aborts (a stopping server; the job resumes from what is stored). Answers the
 * number embedded (the job's result).
 */
export async function reembedAll(input: { db: AnyKysely; embedder: Embedder; signal?: AbortSignal }): Promise<{ embedded: number; model: string }> {
  let embedded = 0;
  for (;;) {
    if (input.signal?.aborted) throw input.signal.reason;
    const batch = await reembedBatch(input);
    embedded += batch.embedded;
    if (!batch.more) return { embedded, model: input.embedder.model };
  }
}
