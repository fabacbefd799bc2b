import type { DocumentPage } from '@assistant/contracts';
import { boxesForRange, pdfHighlightsForRanges } from '../highlight-boxes';

// Two lines of word boxes, as the PDF parser records them (anchored where each word begins).
//   "Die Reisekosten betragen\n48 Euro pro Tag."
const text = 'Die Reisekosten betragen\n48 Euro pro Tag.';
const word = (anchor: number, left: number, right: number, top: number) => ({ left, right, top, bottom: top + 0.02, anchor_point: anchor });
const words = [
  word(0, 0.1, 0.16, 0.1), // Die
  word(4, 0.18, 0.4, 0.1), // Reisekosten
  word(16, 0.42, 0.58, 0.1), // betragen
  word(25, 0.1, 0.14, 0.2), // 48
  word(28, 0.16, 0.24, 0.2), // Euro
  word(33, 0.26, 0.32, 0.2), // pro
  word(37, 0.34, 0.42, 0.2), // Tag.
];
const page = (pageNumber: number, boxes = words, pageText: string | null = text): DocumentPage => ({
  reference_id: 'file-1',
  page_number: pageNumber,
  wordcount: 7,
  ...(pageText !== null ? { text: pageText } : {}),
  bounding_boxes: boxes,
});

describe('boxesForRange', () => {
  it('merges whole words into one rectangle per line', () => {
    const start = text.indexOf('Reisekosten');
    const end = text.indexOf(' pro');
    expect(boxesForRange(page(1), start, end)).toEqual([
      { left: 0.18, top: 0.1, right: 0.58, bottom: 0.12 },
      { left: 0.1, top: 0.2, right: 0.24, bottom: 0.22 },
    ]);
  });

  it('cuts a word the range begins or ends inside in proportion to its characters', () => {
    // "kosten": the last 6 of the 11 characters of "Reisekosten" (0.22 wide).
    expect(boxesForRange(page(1), 9, 15)).toEqual([{ left: 0.28, top: 0.1, right: 0.4, bottom: 0.12 }]);
    // "Reise" and the first 4 of "betragen" (0.16 wide): "Reisekosten betr".
    expect(boxesForRange(page(1), 4, 20)).toEqual([{ left: 0.18, top: 0.1, right: 0.5, bottom: 0.12 }]);
  });

  it('never marks a whole line when only part of it is cited', () => {
    const start = text.indexOf('Euro');
    expect(boxesForRange(page(1), start, start + 'Euro'.length)).toEqual([{ left: 0.16, top: 0.2, right: 0.24, bottom: 0.22 }]);
  });

  it('marks nothing for a range of white space only or an empty range', () => {
    expect(boxesForRange(page(1), 3, 4)).toEqual([]);
    expect(boxesForRange(page(1), 24, 25)).toEqual([]);
    expect(boxesForRange(page(1), 10, 10)).toEqual([]);
  });

  it('takes the boxes in text order whatever order they are given in', () => {
    const shuffled = [words[5]!, words[0]!, words[3]!, words[1]!, words[6]!, words[2]!, words[4]!];
    expect(boxesForRange(page(1, shuffled), 0, text.length)).toEqual(boxesForRange(page(1), 0, text.length));
    expect(boxesForRange(page(1), 0, text.length)).toEqual([
      { left: 0.1, top: 0.1, right: 0.58, bottom: 0.12 },
      { left: 0.1, top: 0.2, right: 0.42, bottom: 0.22 },
    ]);
  });

  it('cuts the line boxes of documents ingested before word boxes in proportion too', () => {
    const lines = [
      { left: 0.1, right: 0.58, top: 0.1, bottom: 0.12, anchor_point: 0 },
      { left: 0.1, right: 0.42, top: 0.2, bottom: 0.22, anchor_point: 25 },
    ];
    // "Reisekosten" is characters 4..15 of the 24 of line 1 (0.48 wide, 0.02 a character).
    expect(boxesForRange(page(1, lines), 4, 15)).toEqual([{ left: 0.18, top: 0.1, right: 0.4, bottom: 0.12 }]);
    // From "betragen" to "48": the end of line 1 and the start of line 2 ("48" = 2 of 16 characters, 0.32 wide).
    expect(boxesForRange(page(1, lines), 16, 27)).toEqual([
      { left: 0.42, top: 0.1, right: 0.58, bottom: 0.12 },
      { left: 0.1, top: 0.2, right: 0.14, bottom: 0.22 },
    ]);
  });

  it('takes the last box whole when the page text is missing (its end is unknown)', () => {
    expect(boxesForRange(page(1, words, null), 38, 39)).toEqual([{ left: 0.34, top: 0.2, right: 0.42, bottom: 0.22 }]);
    // Other boxes end at the next anchor: "Euro " is 5 characters over 0.08.
    expect(boxesForRange(page(1, words, null), 28, 30)).toEqual([{ left: 0.16, top: 0.2, right: 0.192, bottom: 0.22 }]);
  });
});

describe('pdfHighlightsForRanges', () => {
  it('makes a passage over a page break one group with an entry per page', () => {
    const highlights = pdfHighlightsForRanges(
      [page(1), page(2)],
      [
        { page: 2, start: 0, end: 3 },
        { page: 1, start: 16, end: 24 },
      ],
      { group: 'source-1', text: 'betragen\nDie' },
    );
    expect(highlights).toEqual([
      { pageNumber: 1, group: 'source-1', text: 'betragen\nDie', boxes: [{ left: 0.42, top: 0.1, right: 0.58, bottom: 0.12 }] },
      { pageNumber: 2, group: 'source-1', text: 'betragen\nDie', boxes: [{ left: 0.1, top: 0.1, right: 0.16, bottom: 0.12 }] },
    ]);
  });

  it('puts two ranges on one page into one entry and leaves out missing pages', () => {
    const highlights = pdfHighlightsForRanges(
      [page(1)],
      [
        { page: 1, start: 0, end: 3 },
        { page: 1, start: 37, end: 41 },
        { page: 3, start: 0, end: 10 },
      ],
    );
    expect(highlights).toEqual([
      {
        pageNumber: 1,
        boxes: [
          { left: 0.1, top: 0.1, right: 0.16, bottom: 0.12 },
          { left: 0.34, top: 0.2, right: 0.42, bottom: 0.22 },
        ],
      },
    ]);
  });
});
