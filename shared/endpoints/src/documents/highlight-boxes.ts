import type { DocumentPage } from '@assistant/contracts';
import type { HighlightBox, PdfHighlight } from '@assistant/platform';

/** A range [start, end) of one page's text (UTF-16 offsets), as the contracts' source segments. */
export interface PageRange {
  page: number;
  start: number;
  end: number;
}

// Edges are rounded to this many decimals (far below a pixel), so equal inputs give equal numbers.
const DECIMALS = 1e6;
const round = (n: number) => Math.round(n * DECIMALS) / DECIMALS;
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/** Two pieces are on one line when they overlap vertically by at least half the lower one's height. */
function sameLine(a: HighlightBox, b: HighlightBox): boolean {
  const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  const height = Math.min(a.bottom - a.top, b.bottom - b.top);
  // Reading order goes right on a line; a piece left of the last one is a new line (a wrap).
  return overlap >= height / 2 && b.left >= a.left;
}

/**
 * The boxes that cover exactly the characters [start, end) of a page's text. Each bounding box
 * stands for the text from its anchor up to the next box's anchor, white space at its end left
 * out (a word box: its word; an old line box: its line). A box inside the range is taken whole; a
 * box the range only partly covers is cut in proportion to its characters (a box does not say
 * where each glyph is; word boxes make this exact at word edges). Pieces next to each other on
 * one line are merged into one rectangle, so a sentence is one rectangle per line it touches and
 * a half-cited line is marked only where it is cited. Without the page text, the last box's end
 * is unknown: it is taken whole when the range reaches into it.
 */
export function boxesForRange(page: DocumentPage, start: number, end: number): HighlightBox[] {
  const text = page.text;
  const boxes = [...page.bounding_boxes].sort((a, b) => a.anchor_point - b.anchor_point);
  const pieces: HighlightBox[] = [];
  if (!(end > start)) return pieces;
  boxes.forEach((box, index) => {
    const from = box.anchor_point;
    let next = text?.length ?? Number.POSITIVE_INFINITY;
    for (let j = index + 1; j < boxes.length; j += 1) {
      const anchor = boxes[j]!.anchor_point;
      if (anchor > from) {
        next = Math.min(next, anchor);
        break;
      }
    }
    let to = next;
    if (text !== undefined) while (to > from && isSpace(text[to - 1])) to -= 1;
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (b <= a) return;
    const width = box.right - box.left;
    const length = to - from;
    const piece: HighlightBox = Number.isFinite(length)
      ? { left: box.left + (width * (a - from)) / length, right: box.left + (width * (b - from)) / length, top: box.top, bottom: box.bottom }
      : { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    const last = pieces[pieces.length - 1];
    if (last && sameLine(last, piece)) {
      last.left = Math.min(last.left, piece.left);
      last.right = Math.max(last.right, piece.right);
      last.top = Math.min(last.top, piece.top);
      last.bottom = Math.max(last.bottom, piece.bottom);
    } else pieces.push(piece);
  });
  return pieces.map((piece) => ({ left: round(piece.left), top: round(piece.top), right: round(piece.right), bottom: round(piece.bottom) }));
}

/**
 * One passage, given as ranges of page text (e.g. the contracts' `pageRangesOf`), as PDF
 * highlights: one entry per page it touches, in page order, all in one `group`, so a passage over
 * a page break is one highlight for navigation. Ranges on pages that are missing or have no boxes
 * add nothing.
 */
export function pdfHighlightsForRanges(
  pages: readonly DocumentPage[],
  ranges: readonly PageRange[],
  { group, text }: { group?: string | number; text?: string } = {},
): PdfHighlight[] {
  const byPage = new Map<number, HighlightBox[]>();
  for (const range of ranges) {
    const page = pages.find((candidate) => candidate.page_number === range.page);
    if (!page) continue;
    const boxes = boxesForRange(page, range.start, range.end);
    if (boxes.length > 0) byPage.set(range.page, [...(byPage.get(range.page) ?? []), ...boxes]);
  }
  return [...byPage.entries()]
    .sort(([a], [b]) => a - b)
    .map(([pageNumber, boxes]) => ({
      pageNumber,
      boxes,
      ...(group !== undefined ? { group } : {}),
      ...(text !== undefined ? { text } : {}),
    }));
}
