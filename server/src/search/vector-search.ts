import { sql } from 'kysely';
import { HNSW_MAX_DIMENSIONS } from './search-storage';
import type { AnyKysely, PassageRow } from './tables';

export type VectorRow = PassageRow & {
  /** Cosine distance (`<=>`), 0 is the same direction. */
  distance: number;
};

/**
 * The passages nearest to a query vector by cosine distance, among the embeddings of `model`
 * (same dimension) in the given collections (and files). Up to 2000 dimensions the search goes
 * through the dimension's partial HNSW index (`embedding::vector(N)`, where `dims = N`) with
 * pgvector's iterative index scan (0.8+), so the collection filter does not starve the result: the
 * scan continues until `limit` rows pass it. The relaxed order it returns is sorted again here.
 */
export async function searchVectors(
  db: AnyKysely,
  input: {
    collectionIds: readonly string[];
    fileIds?: readonly string[] | undefined;
    model: string;
    vector: readonly number[];
    limit: number;
    /** pgvector 0.8 or later: iterative index scans exist. */
    iterativeScan: boolean;
  },
): Promise<VectorRow[]> {
  const { collectionIds, fileIds, model, vector, limit } = input;
  const dims = vector.length;
  if (dims === 0 || collectionIds.length === 0 || fileIds?.length === 0) return [];
  const literal = `[${vector.join(',')}]`;
  const indexed = dims <= HNSW_MAX_DIMENSIONS;
  // The same expression as the partial index, so the planner can use it.
  const distance = indexed
    ? sql`(e.embedding::vector(${sql.lit(dims)})) <=> ${literal}::vector(${sql.lit(dims)})`
    : sql`e.embedding <=> ${literal}::vector`;
  const query = sql<VectorRow>`
    with nearest as materialized (
      select e.passage_id, ${distance} as distance
      from passage_embeddings e
      where e.dims = ${dims} and e.model = ${model}
        and e.collection_id in (${sql.join(collectionIds.map((id) => sql`${id}::uuid`))})
        ${fileIds ? sql`and e.file_id in (${sql.join(fileIds.map((id) => sql`${id}::uuid`))})` : sql``}
      order by ${distance}
      limit ${limit}
    )
    select p.id, p.file_id, p.collection_id, p.page_number, p.start_offset, p.end_offset, p.text, n.distance
    from nearest n join passages p on p.id = n.passage_id
    order by n.distance, p.id`;
  const run = async (trx: AnyKysely) => {
    if (indexed && input.iterativeScan) await sql`set local hnsw.iterative_scan = relaxed_order`.execute(trx);
    return (await query.execute(trx)).rows;
  };
  const rows = await db.transaction().execute(run);
  return rows.map((row) => ({ ...row, distance: Number(row.distance) }));
}
