/** How well a passage matches, in words users understand instead of the unbounded full-text rank. */
export type Relevance = 'high' | 'medium' | 'low';

/**
 * The hit's relevance relative to the best hit of the same search (the server's ts_rank_cd is not
 * bounded, so only the comparison means something): at least two thirds of the best is "very
 * relevant", at least a third "relevant", below that "related". `share` (0..1) draws the bar.
 */
export function relevanceOf(score: number, bestScore: number): { level: Relevance; share: number } {
  const share = bestScore > 0 ? Math.min(1, Math.max(0, score / bestScore)) : 1;
  const level: Relevance = share >= 2 / 3 ? 'high' : share >= 1 / 3 ? 'medium' : 'low';
  return { level, share };
}
