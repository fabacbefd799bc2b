import type { DocumentPage, SearchHit } from '@assistant/contracts';
import { passagePreview } from '../passage-highlights';

const pageText = 'Einleitung.\nDie Berichte des Quartals\nsind geprüft.\nAnhang folgt.';
const line = (start: number, top: number) => ({ left: 0.1, right: 0.9, top, bottom: top + 0.02, anchor_point: start });
const page2: DocumentPage = {
  reference_id: 'file-1',
  page_number: 2,
  wordcount: 9,
  text: pageText,
  // Lines start at 0, 12, 37 and 51; given out of order on purpose.
  bounding_boxes: [line(37, 0.3), line(0, 0.1), line(51, 0.4), line(12, 0.2)],
};
const passage = 'Die Berichte des Quartals\nsind geprüft.';
const start = pageText.indexOf(passage);
const hit: SearchHit = {
  passage_id: '0b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11',
  collection_id: '9b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11',
  file_id: '1b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11',
  file_name: 'Quartal.pdf',
  media_type: 'application/pdf',
  page_number: 2,
  start_offset: start,
  end_offset: start + passage.length,
  text: passage,
  score: 0.4,
  highlights: [{ start: 4, end: 12 }],
};

describe('passagePreview', () => {
  it('marks on a PDF page exactly the lines that hold the passage', () => {
    const preview = passagePreview(hit, [{ ...page2, page_number: 1 }, page2]);
    expect(preview.kind).toBe('pdf');
    if (preview.kind !== 'pdf') return;
    expect(preview.pageNumber).toBe(2);
    expect(preview.highlights).toHaveLength(1);
    expect(preview.highlights[0]!.pageNumber).toBe(2);
    expect(preview.highlights[0]!.text).toBe(passage);
    expect(preview.highlights[0]!.boxes.map((box) => box.top)).toEqual([0.2, 0.3]);
  });

  it('marks a passage that starts in the middle of a line', () => {
    const offset = pageText.indexOf('Quartals');
    const preview = passagePreview({ ...hit, start_offset: offset, end_offset: offset + 8, text: 'Quartals' }, [page2]);
    expect(preview.kind === 'pdf' && preview.highlights[0]!.boxes.map((box) => box.top)).toEqual([0.2]);
  });

  it('shows a text document as its page text with the passage marked', () => {
    const preview = passagePreview({ ...hit, media_type: 'text/markdown; charset=utf-8', page_number: 1 }, [{ ...page2, page_number: 1, bounding_boxes: [] }]);
    expect(preview).toEqual({ kind: 'text', text: pageText, highlights: [{ start, end: start + passage.length }] });
  });

  it('falls back to the passage itself when the page is missing or no longer holds it', () => {
    const docx = { ...hit, media_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    expect(passagePreview(docx, [])).toEqual({ kind: 'text', text: passage, highlights: [{ start: 0, end: passage.length }] });
    expect(passagePreview(docx, [{ ...page2, text: 'changed' }])).toEqual({ kind: 'text', text: passage, highlights: [{ start: 0, end: passage.length }] });
  });
});
