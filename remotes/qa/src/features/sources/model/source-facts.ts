import { parseSourceUrl, type QaSource, type SourceLocation } from '@assistant/contracts';

export type SourceVerdict = 'supporting' | 'conflicting' | 'unjudged';

/** supporting true: backs the answer; false: contradicts it; absent: not judged. */
export function verdictOf(source: QaSource): SourceVerdict {
  if (source.supporting === true) return 'supporting';
  if (source.supporting === false) return 'conflicting';
  return 'unjudged';
}

/** The source's score: the highlight whose score is furthest from 0 (-1 contradicts ... 1 supports); undefined without highlights. */
export function scoreOf(source: QaSource): number | undefined {
  let best: number | undefined;
  for (const highlight of source.highlights) {
    if (best === undefined || Math.abs(highlight.score) > Math.abs(best)) best = highlight.score;
  }
  return best;
}

/** The pages a source covers, in order, once each (from the location in its URL); empty when it has none. */
export function pagesOf(location: SourceLocation | null): number[] {
  return location ? [...new Set(location.segments.map((segment) => segment.page))] : [];
}

/** Where a source lies in its document (parsed once per source). */
export function locationOf(source: QaSource): SourceLocation | null {
  return parseSourceUrl(source.source_url);
}
