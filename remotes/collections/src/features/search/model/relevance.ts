/** How well a passage matches, in words users understand instead of the server's raw rank. */
export type Relevance = 'high' | 'medium' | 'low';

/**
 * The hit's relevance relative to the best hit of the same search (the server's fused rank means
 * nothing on its own, only the comparison does): at least two thirds of the best is "very
 * relevant", at least a third "relevant", below that "related". `share` (0..1) draws the bar.
 */
export function relevanceOf(score: number, bestScore: number): { level: Relevance; share: number } {
  const share = bestScore > 0 ? Math.min(1, Math.max(0, score / bestScore)) : 1;
  const level: Relevance = share >= 2 / 3 ? 'high' : share >= 1 / 3 ? 'medium' : 'low';
  return { level, share };
}
