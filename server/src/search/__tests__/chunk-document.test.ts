import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedPage } from '../../ingestion/document-model';
import { chunkDocument } from '../chunk-document';

const sentence = (i: number) => `Satz Nummer ${i} erzählt etwas über die Abteilung und ihre Berichte. `;

describe('chunkDocument', () => {
  const pages: ParsedPage[] = [
    { pageNumber: 1, text: Array.from({ length: 40 }, (_, i) => sentence(i)).join('') + '\n\n', boxes: [] },
    { pageNumber: 2, text: '  Kurze zweite Seite. 😀 Mit Emoji!  ', boxes: [] },
    { pageNumber: 3, text: ' \n\t ', boxes: [] },
  ];
  const passages = chunkDocument(pages);

  it('keeps offsets exact: each passage is the slice of its page', () => {
    for (const passage of passages) {
      const page = pages.find((p) => p.pageNumber === passage.pageNumber)!;
      assert.equal(page.text.slice(passage.start, passage.end), passage.text);
      assert.equal(passage.text, passage.text.trim());
      assert.ok(passage.text.length > 0);
    }
  });

  it('makes passages of whole sentences near the target size, never across a page', () => {
    const first = passages.filter((p) => p.pageNumber === 1);
    assert.ok(first.length >= 3);
    for (const passage of first.slice(0, -1)) {
      assert.ok(passage.text.length >= 450 && passage.text.length <= 800, String(passage.text.length));
      assert.match(passage.text, /^Satz Nummer \d+/);
      assert.match(passage.text, /Berichte\.$/);
    }
    // Together they cover every sentence of the page, in order, without overlap.
    for (let i = 1; i < first.length; i += 1) assert.ok(first[i]!.start >= first[i - 1]!.end);
    assert.equal(first.map((p) => p.text).join(' '), pages[0]!.text.trim());
    assert.deepEqual(
      passages.filter((p) => p.pageNumber === 2).map((p) => p.text),
      ['Kurze zweite Seite. 😀 Mit Emoji!'],
    );
    assert.equal(passages.filter((p) => p.pageNumber === 3).length, 0);
  });

  it('cuts a sentence longer than the maximum at white space, and one without spaces hard', () => {
    const long = Array.from({ length: 300 }, (_, i) => `wort${i}`).join(' ');
    const solid = 'x'.repeat(2000);
    const result = chunkDocument([{ pageNumber: 1, text: `${long}\n\n${solid}`, boxes: [] }], { target: 500, max: 800 });
    for (const passage of result) {
      assert.ok(passage.text.length <= 800);
      assert.equal(`${long}\n\n${solid}`.slice(passage.start, passage.end), passage.text);
    }
    assert.equal(result.map((p) => p.text).join('').replace(/\s/g, ''), `${long}${solid}`.replace(/\s/g, ''));
  });
});
