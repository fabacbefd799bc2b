import type { DocumentPage } from '@assistant/contracts';
import { isPdfDocument, segmentsText, sourceMarks, sourcePdfHighlights, sourceTextPreview } from '../source-preview';

const textPage = (page_number: number, text: string): DocumentPage => ({ reference_id: 'f', page_number, wordcount: 1, text, bounding_boxes: [] });
// A source of two segments: the end of page 1 (offsets 10..20) and the start of page 2 (0..8).
const segments = [
  { page: 1, start: 10, end: 20 },
  { page: 2, start: 0, end: 8 },
];

describe('sourceMarks', () => {
  it('maps each highlight range of the source text to page ranges, split at the page break', () => {
    // The source text is 10 characters of page 1, the joiner "\n" (offset 10), 8 of page 2.
    expect(sourceMarks(segments, [{ start: 12, end: 15 }, { start: 5, end: 13 }], 'abcdefghij\nABCDEFGH')).toEqual([
      { ranges: [{ page: 1, start: 15, end: 20 }, { page: 2, start: 0, end: 2 }], text: 'fghij\nAB' },
      { ranges: [{ page: 2, start: 1, end: 4 }], text: 'BCD' },
    ]);
  });

  it('marks the whole source without highlight ranges, and drops ranges on the joiner alone', () => {
    expect(sourceMarks(segments, undefined)).toEqual([{ ranges: segments }]);
    expect(sourceMarks(segments, [{ start: 10, end: 11 }])).toEqual([]);
  });
});

describe('sourceTextPreview', () => {
  it('joins the pages and keeps a mark over a page break one range', () => {
    const pages = [textPage(2, 'Seite zwei.'), textPage(1, 'Seite eins.')];
    const marks = sourceMarks([{ page: 1, start: 6, end: 11 }, { page: 2, start: 0, end: 5 }], undefined);
    const preview = sourceTextPreview(pages, marks);
    expect(preview.text).toBe('Seite eins.\n\nSeite zwei.');
    expect(preview.highlights).toEqual([{ start: 6, end: 18 }]);
    expect(preview.text.slice(6, 18)).toBe('eins.\n\nSeite');
  });

  it('clamps ranges to their page and leaves out missing pages', () => {
    expect(sourceTextPreview([textPage(1, 'kurz')], [{ ranges: [{ page: 1, start: 2, end: 40 }, { page: 5, start: 0, end: 3 }] }])).toEqual({
      text: 'kurz',
      highlights: [{ start: 2, end: 4 }],
    });
  });
});

describe('isPdfDocument', () => {
  it('goes by the media type, else by boxes on the pages', () => {
    expect(isPdfDocument('application/pdf; charset=binary', undefined)).toBe(true);
    expect(isPdfDocument('text/markdown', undefined)).toBe(false);
    expect(isPdfDocument(undefined, undefined)).toBeUndefined();
    expect(isPdfDocument(undefined, [textPage(1, 'x')])).toBe(false);
    expect(isPdfDocument(undefined, [{ ...textPage(1, 'x'), bounding_boxes: [{ left: 0, top: 0, right: 1, bottom: 1, anchor_point: 0 }] }])).toBe(true);
  });
});

describe('sourcePdfHighlights', () => {
  it('gives each mark its own group', () => {
    const box = (anchor: number, left: number) => ({ left, right: left + 0.1, top: 0.5, bottom: 0.52, anchor_point: anchor });
    const page: DocumentPage = { reference_id: 'f', page_number: 1, wordcount: 2, text: 'eins zwei', bounding_boxes: [box(0, 0.1), box(5, 0.3)] };
    expect(sourcePdfHighlights([page], [{ ranges: [{ page: 1, start: 0, end: 4 }], text: 'eins' }, { ranges: [{ page: 1, start: 5, end: 9 }] }])).toEqual([
      { pageNumber: 1, group: 0, text: 'eins', boxes: [{ left: 0.1, top: 0.5, right: 0.2, bottom: 0.52 }] },
      { pageNumber: 1, group: 1, boxes: [{ left: 0.3, top: 0.5, right: 0.4, bottom: 0.52 }] },
    ]);
  });
});

describe('segmentsText', () => {
  it('cuts the segments out of the pages and joins them as a source text', () => {
    const pages = [textPage(1, 'Erste Seite'), textPage(2, 'Zweite Seite')];
    expect(segmentsText(pages, [{ page: 1, start: 6, end: 11 }, { page: 2, start: 0, end: 6 }])).toBe('Seite\nZweite');
    expect(segmentsText(pages, [{ page: 3, start: 0, end: 1 }])).toBeUndefined();
    expect(segmentsText(pages, [{ page: 1, start: 0, end: 40 }])).toBeUndefined();
  });
});
