import type { SourceSegment } from './source-locations';

/**
 * The plain helpers of source-locations.ts the document preview needs, without zod, so that the
 * platform (part of the shell's start-up) does not load the schemas for them.
 */

/** What joins two segments' page texts into a source's text. */
export const SOURCE_SEGMENT_JOINER = '\n';

/**
 * A range [start, end) of the source text as ranges of page text, one per page it touches (a
 * range over the joiner between two pages is split there; the joiner itself is on no page).
 */
export function pageRangesOf(segments: readonly SourceSegment[], start: number, end: number): SourceSegment[] {
  const ranges: SourceSegment[] = [];
  let offset = 0;
  segments.forEach((segment, i) => {
    if (i > 0) offset += SOURCE_SEGMENT_JOINER.length;
    const length = segment.end - segment.start;
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + length);
    if (to > from) ranges.push({ page: segment.page, start: segment.start + (from - offset), end: segment.start + (to - offset) });
    offset += length;
  });
  return ranges;
}
