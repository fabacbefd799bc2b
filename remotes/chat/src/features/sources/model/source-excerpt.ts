import type { InContextHighlight } from '@assistant/contracts';

/** Characters of context kept before the first and after the last marked sentence. */
export const EXCERPT_CONTEXT = 160;
/** A text up to this long is shown whole. */
export const EXCERPT_WHOLE_UP_TO = 480;

export interface SourceExcerpt {
  text: string;
  highlights: InContextHighlight[];
  /** Text was left out before / after the excerpt. */
  cutStart: boolean;
  cutEnd: boolean;
}

/**
 * A source's text as it reads: the printed line wraps of its pages (a single line break) shown as
 * spaces, paragraphs (blank lines) kept; the same length, so the highlight offsets still fit.
 */
export function readableSourceText(text: string): string {
  return text.replace(/(?<!\n)\n(?!\n)/g, ' ');
}

/**
 * The part of a source worth reading under an answer: its marked sentences with some context
 * around them, cut at word boundaries (`whole` or a short text: all of it). Highlights move with it.
 */
export function sourceExcerpt(text: string, highlights: readonly InContextHighlight[], whole = false): SourceExcerpt {
  const readable = readableSourceText(text);
  if (whole || readable.length <= EXCERPT_WHOLE_UP_TO) return { text: readable, highlights: [...highlights], cutStart: false, cutEnd: false };
  const first = highlights.length > 0 ? Math.min(...highlights.map((h) => h.start)) : 0;
  const last = highlights.length > 0 ? Math.max(...highlights.map((h) => h.end)) : Math.min(readable.length, EXCERPT_WHOLE_UP_TO - EXCERPT_CONTEXT);
  let start = Math.max(0, first - EXCERPT_CONTEXT);
  let end = Math.min(readable.length, last + EXCERPT_CONTEXT);
  if (start > 0) {
    const space = readable.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  if (end < readable.length) {
    const space = readable.lastIndexOf(' ', end);
    if (space > last) end = space;
  }
  return {
    text: readable.slice(start, end),
    highlights: highlights.map((h) => ({ ...h, start: Math.max(0, h.start - start), end: Math.min(end - start, h.end - start) })).filter((h) => h.end > h.start),
    cutStart: start > 0,
    cutEnd: end < readable.length,
  };
}
