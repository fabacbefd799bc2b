/**
 * Lays ordered pieces (sentences) out over the text they come from: the pieces where they occur,
 * in order, and the text between them (spaces, line breaks, paragraph breaks) as it is. Used for
 * the translation (segment translations in `translation`) and for the source view (segment
 * sources in the text that was sent).
 */
export type LayoutPart = { kind: 'text'; text: string } | { kind: 'segment'; index: number; text: string };

export interface SegmentLayout {
  parts: LayoutPart[];
  /** Indexes of non-empty pieces that were not found in order in the text. */
  missing: number[];
}

export function layoutSegments(text: string, pieces: readonly string[]): SegmentLayout {
  const parts: LayoutPart[] = [];
  const missing: number[] = [];
  let cursor = 0;
  pieces.forEach((piece, index) => {
    if (piece.trim() === '') return;
    let found = piece;
    let at = text.indexOf(piece, cursor);
    if (at < 0) {
      // An engine may trim a segment's surrounding spaces; find its words instead.
      found = piece.trim();
      at = text.indexOf(found, cursor);
    }
    if (at < 0) {
      missing.push(index);
      return;
    }
    // The segment itself without surrounding white space (engines may hand the separators back
    // as part of a segment): the highlight and the focus ring cover the words only.
    const start = at + (found.length - found.trimStart().length);
    const end = at + found.trimEnd().length;
    if (start > cursor) parts.push({ kind: 'text', text: text.slice(cursor, start) });
    parts.push({ kind: 'segment', index, text: text.slice(start, end) });
    cursor = end;
  });
  if (cursor < text.length) parts.push({ kind: 'text', text: text.slice(cursor) });
  return { parts, missing };
}

/**
 * The translation built from the segments alone, with the separators the sources had in the text
 * that was sent (so paragraphs survive): for an answer whose `translation` does not contain its
 * segments in order.
 */
export function layoutFromSegments(sourceText: string, segments: readonly { source: string; translation: string }[]): LayoutPart[] {
  const source = layoutSegments(sourceText, segments.map((s) => s.source));
  const separatorAfter = new Map<number, string>();
  source.parts.forEach((part, i) => {
    const next = source.parts[i + 1];
    if (part.kind === 'segment' && next?.kind === 'text') separatorAfter.set(part.index, next.text);
  });
  const parts: LayoutPart[] = [];
  segments.forEach((segment, index) => {
    if (segment.translation.trim() === '') return;
    parts.push({ kind: 'segment', index, text: segment.translation.trim() });
    const separator = separatorAfter.get(index) ?? (index < segments.length - 1 ? ' ' : '');
    if (separator) parts.push({ kind: 'text', text: separator });
  });
  return parts;
}
