import { diffWordsWithSpace } from 'diff';

/** One run of a word diff: kept, added (only in the newer text) or removed (only in the older). */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** How many words a diff adds and removes. */
export interface WordDiffCounts {
  added: number;
  removed: number;
}

/** What changed from `before` to `after`, word by word (jsdiff), with counts for a summary. */
export function wordDiff(before: string, after: string): WordDiffCounts & { parts: DiffPart[] } {
  const parts = diffWordsWithSpace(before, after).map(
    (change): DiffPart => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value }),
  );
  const words = (kind: DiffPart['kind']) =>
    parts.filter((part) => part.kind === kind).reduce((sum, part) => sum + (part.text.match(/\S+/g)?.length ?? 0), 0);
  return { parts, added: words('added'), removed: words('removed') };
}

/**
 * The diff with long unchanged runs cut to their first and last `keep` characters, so a small change
 * in a long document is found at once.
 */
export function shortenUnchanged(parts: readonly DiffPart[], keep = 160): DiffPart[] {
  return parts.map((part) =>
    part.kind === 'same' && part.text.length > keep * 2 + 40 ? { ...part, text: `${part.text.slice(0, keep)} … ${part.text.slice(-keep)}` } : part,
  );
}
