import type { DocumentPage, SearchHit } from '@assistant/contracts';
import type { PdfHighlight, TextHighlight } from '@assistant/ui';

/** What the preview needs to mark a search hit: boxes over a PDF page, or ranges in a text. */
export type PassagePreview =
  | { kind: 'pdf'; highlights: PdfHighlight[]; pageNumber: number }
  | { kind: 'text'; text: string; highlights: TextHighlight[] };

export const isPdf = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase() === 'application/pdf';

/**
 * Marks a hit's passage in its document. A PDF page's boxes are its lines, each anchored at the
 * offset where its text begins, so a line covers the page text up to the next line's anchor; the
 * lines that share characters with [start_offset, end_offset) are the passage's boxes. Passages
 * never cross a page (docs/search.md), so one page is marked. Other documents are shown as the
 * page's text with the passage's range marked; without the page, the passage alone.
 */
export function passagePreview(hit: SearchHit, pages: readonly DocumentPage[]): PassagePreview {
  const page = pages.find((candidate) => candidate.page_number === hit.page_number);
  if (isPdf(hit.media_type)) {
    return {
      kind: 'pdf',
      pageNumber: hit.page_number,
      highlights: [{ pageNumber: hit.page_number, group: hit.passage_id, text: hit.text, boxes: page ? passageBoxes(page, hit) : [] }],
    };
  }
  const text = page?.text;
  if (text !== undefined && text.slice(hit.start_offset, hit.end_offset) === hit.text) {
    return { kind: 'text', text, highlights: [{ start: hit.start_offset, end: hit.end_offset }] };
  }
  // The document changed since it was searched (or its pages are missing): show what was found.
  return { kind: 'text', text: hit.text, highlights: [{ start: 0, end: hit.text.length }] };
}

function passageBoxes(page: DocumentPage, hit: SearchHit) {
  const boxes = [...page.bounding_boxes].sort((a, b) => a.anchor_point - b.anchor_point);
  const textLength = page.text?.length ?? Number.POSITIVE_INFINITY;
  return boxes.filter((box, index) => {
    const end = boxes[index + 1]?.anchor_point ?? textLength;
    return box.anchor_point < hit.end_offset && end > hit.start_offset;
  });
}
