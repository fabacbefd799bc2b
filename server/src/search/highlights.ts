/** A highlighted range: [start, end) in UTF-16 code units of the passage text. */
export interface Highlight {
  start: number;
  end: number;
}

/**
 * Turns ts_headline output (the whole text with HighlightAll, matched words wrapped in `startSel`
 * and `stopSel`) into offsets in the original text. Every character outside the markers must equal
 * the original at the same place, so the offsets are exact; null when they do not line up (the
 * text itself held a marker, or the headline changed the text).
 */
export function markersToHighlights(original: string, marked: string, startSel: string, stopSel: string): Highlight[] | null {
  const highlights: Highlight[] = [];
  let i = 0;
  let o = 0;
  let open = -1;
  while (i < marked.length) {
    if (marked.startsWith(startSel, i)) {
      if (open >= 0) return null;
      open = o;
      i += startSel.length;
    } else if (marked.startsWith(stopSel, i)) {
      if (open < 0) return null;
      if (o > open) highlights.push({ start: open, end: o });
      open = -1;
      i += stopSel.length;
    } else {
      if (marked.charCodeAt(i) !== original.charCodeAt(o)) return null;
      i += 1;
      o += 1;
    }
  }
  if (open >= 0 || o !== original.length) return null;
  return highlights;
}
