import type { HighlightBox } from '@assistant/platform';

/** A highlighted range of a text document: UTF-16 offsets, `end` exclusive. */
export interface TextHighlight {
  start: number;
  end: number;
}

/**
 * Clamps ranges to the text, drops empty ones, sorts them and merges overlapping and adjacent
 * ones, so each character is inside at most one mark.
 */
export function mergeRanges(ranges: readonly TextHighlight[], textLength: number): TextHighlight[] {
  const clamped = ranges
    .map(({ start, end }) => ({
      start: Math.max(0, Math.min(textLength, Math.floor(start))),
      end: Math.max(0, Math.min(textLength, Math.floor(end))),
    }))
    .filter((range) => Number.isFinite(range.start) && Number.isFinite(range.end) && range.end > range.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextHighlight[] = [];
  for (const range of clamped) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

export type TextSegment = { text: string; highlight?: undefined } | { text: string; highlight: number };

/** The text cut into plain and highlighted segments; `highlight` is the merged range's index. */
export function splitText(text: string, merged: readonly TextHighlight[]): TextSegment[] {
  const segments: TextSegment[] = [];
  let position = 0;
  merged.forEach((range, index) => {
    if (range.start > position) segments.push({ text: text.slice(position, range.start) });
    segments.push({ text: text.slice(range.start, range.end), highlight: index });
    position = range.end;
  });
  if (position < text.length) segments.push({ text: text.slice(position) });
  return segments;
}

// A box of a PDF highlight (fractions 0..1 of the page, origin top-left): defined in the platform,
// which computes highlights (boxesForRange) for every remote; the ui draws them.
export type { HighlightBox } from '@assistant/platform';

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.min(1, value)) : 0);
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(4))}%`;

/** Percent position of a box over its page, so it follows any zoom or resize of the page. */
export function boxStyle(box: HighlightBox): { left: string; top: string; width: string; height: string } {
  const left = clamp01(box.left);
  const top = clamp01(box.top);
  const right = Math.max(left, clamp01(box.right));
  const bottom = Math.max(top, clamp01(box.bottom));
  return { left: percent(left), top: percent(top), width: percent(right - left), height: percent(bottom - top) };
}

/**
 * Scrolls `target` inside `container` (not the whole page) so it sits a third from the top;
 * falls back to nothing where layout is missing.
 */
export function scrollWithin(container: HTMLElement | null, target: Element | null | undefined) {
  if (!container || !target) return;
  const box = container.getBoundingClientRect();
  const rect = target.getBoundingClientRect();
  const top = container.scrollTop + rect.top - box.top - box.height / 3;
  const left = container.scrollLeft + rect.left - box.left - Math.max(0, (box.width - rect.width) / 2);
  if (typeof container.scrollTo === 'function') container.scrollTo({ top: Math.max(0, top), left: Math.max(0, left) });
  else {
    container.scrollTop = Math.max(0, top);
    container.scrollLeft = Math.max(0, left);
  }
}
