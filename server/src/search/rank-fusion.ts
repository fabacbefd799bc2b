/** The constant of reciprocal rank fusion (Cormack, Clarke and Büttcher 2009: k = 60). */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each id scores the sum over the lists it is in of 1 / (k + rank), rank
 * counted from 1. An id two lists found ranks above ids one list found at similar places; the
 * lists' own scores (ts_rank_cd, distances) are not comparable and are not used. Best first, ties
 * by id so the order is stable.
 */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly string[]>, k = RRF_K): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    const seen = new Set<string>();
    list.forEach((id, index) => {
      if (seen.has(id)) return;
      seen.add(id);
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1));
    });
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
