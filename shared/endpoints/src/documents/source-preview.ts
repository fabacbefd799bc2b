import type { DocumentPage, SourceSegment } from '@assistant/contracts';
import { pageRangesOf, SOURCE_SEGMENT_JOINER } from '@assistant/contracts/startup';
import type { PdfHighlight } from '@assistant/platform';
import { pdfHighlightsForRanges } from './highlight-boxes';

/** A range [start, end) of a source's text (UTF-16 offsets), e.g. a QA highlight. */
export interface SourceTextRange {
  start: number;
  end: number;
}

/** How a text document's pages are put together for its preview (a blank line between two). */
export const TEXT_PAGE_JOINER = '\n\n';

export const isPdfMediaType = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase() === 'application/pdf';

/**
 * Whether a document is drawn as PDF pages: by its media type when known, else by its pages (the
 * ingestion records boxes for PDF pages only).
 */
export function isPdfDocument(mediaType: string | undefined, pages: readonly DocumentPage[] | undefined): boolean | undefined {
  if (mediaType) return isPdfMediaType(mediaType);
  return pages ? pages.some((page) => page.bounding_boxes.length > 0) : undefined;
}

/** The parts of a source to mark, each as page ranges, with its text for screen readers. */
export interface SourceMark {
  ranges: SourceSegment[];
  text?: string;
}

/**
 * The marks of a source: each highlight range of its text (offsets in the segments' joined text,
 * as `source_text` and `highlights`) becomes the page ranges it covers (`pageRangesOf`, so one
 * over a page break is split there); without highlight ranges the whole source is one mark.
 * Ranges are taken in text order.
 */
export function sourceMarks(segments: readonly SourceSegment[], highlightRanges: readonly SourceTextRange[] | undefined, text?: string): SourceMark[] {
  if (!highlightRanges || highlightRanges.length === 0) {
    return [{ ranges: segments.filter((s) => s.end > s.start).map((s) => ({ ...s })), ...(text !== undefined ? { text } : {}) }];
  }
  return [...highlightRanges]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((range) => ({
      ranges: pageRangesOf(segments, range.start, range.end),
      ...(text !== undefined ? { text: text.slice(range.start, range.end) } : {}),
    }))
    .filter((mark) => mark.ranges.length > 0);
}

/** The marks as PDF highlights: each mark is one group (one navigation stop), across pages. */
export function sourcePdfHighlights(pages: readonly DocumentPage[], marks: readonly SourceMark[]): PdfHighlight[] {
  return marks.flatMap((mark, index) => pdfHighlightsForRanges(pages, mark.ranges, { group: index, text: mark.text }));
}

/**
 * A text document as one text (its pages joined with TEXT_PAGE_JOINER) with the marks as ranges
 * of that text, one range per mark where its parts on two pages meet over the page break. Page
 * ranges outside a page's text are clamped to it.
 */
export function sourceTextPreview(pages: readonly DocumentPage[], marks: readonly SourceMark[]): { text: string; highlights: SourceTextRange[] } {
  const ordered = [...pages].sort((a, b) => a.page_number - b.page_number);
  const base = new Map<number, { offset: number; length: number }>();
  let text = '';
  ordered.forEach((page, index) => {
    if (index > 0) text += TEXT_PAGE_JOINER;
    const pageText = page.text ?? '';
    base.set(page.page_number, { offset: text.length, length: pageText.length });
    text += pageText;
  });
  const highlights: SourceTextRange[] = [];
  for (const mark of marks) {
    let last: SourceTextRange | undefined;
    for (const range of mark.ranges) {
      const page = base.get(range.page);
      if (!page) continue;
      const start = page.offset + Math.min(page.length, Math.max(0, range.start));
      const end = page.offset + Math.min(page.length, Math.max(0, range.end));
      if (end <= start) continue;
      // A mark over a page break stays one mark: the blank between its two parts is marked too.
      if (last && start >= last.end && /^\s*$/.test(text.slice(last.end, start))) last.end = end;
      else highlights.push((last = { start, end }));
    }
  }
  return { text, highlights };
}

/**
 * The text the segments cut out of the pages, joined as a source's text is; undefined when a page
 * or its text is missing. A source whose text differs from this was cut from an older version of
 * the document: its offsets no longer fit the pages.
 */
export function segmentsText(pages: readonly DocumentPage[], segments: readonly SourceSegment[]): string | undefined {
  const parts: string[] = [];
  for (const segment of segments) {
    const text = pages.find((page) => page.page_number === segment.page)?.text;
    if (text === undefined || segment.end > text.length) return undefined;
    parts.push(text.slice(segment.start, segment.end));
  }
  return parts.join(SOURCE_SEGMENT_JOINER);
}

/** A source shown as its own text, the ranges marked (all of it without ranges). */
export function sourceOwnTextPreview(text: string, highlightRanges: readonly SourceTextRange[] | undefined): { text: string; highlights: SourceTextRange[] } {
  const highlights = highlightRanges && highlightRanges.length > 0 ? highlightRanges.map(({ start, end }) => ({ start, end })) : [{ start: 0, end: text.length }];
  return { text, highlights };
}
