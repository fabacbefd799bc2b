import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SOURCE_SEGMENT_JOINER, pageRangesOf, type SourceSegment } from '@assistant/contracts';
import type { DatabaseHandle } from '../../db/database';
import { testDatabaseTargets } from '../../testing/test-databases';
import { buildSourceWindows, documentWindows, type SourceWindow } from '../source-windows';
import { endsSentence, splitSentences } from '../sentences';
import { hitOn, seedCollection, seedDocument } from './seed-documents';

// A PDF-like text: one line break per printed line; the key sentence runs over the page break.
const PAGE_1 = 'Allgemeine Regeln gelten für alle.\nDie Kündigungsfrist des Arbeitsvertrages\nbeträgt drei Monate zum';
const PAGE_2 = 'Ende eines Quartals. Urlaub wird\nschriftlich beantragt. Der Rest ist Formsache.';
const PAGE_3 = 'Eine Seite, die mit einem ganzen Satz endet.';
const PAGES = [PAGE_1, PAGE_2, PAGE_3];

/** Each segment's page text, joined as the source text is. */
function textFromPages(window: SourceWindow): string {
  return window.segments.map((s: SourceSegment) => PAGES[s.page - 1]!.slice(s.start, s.end)).join(SOURCE_SEGMENT_JOINER);
}

describe('sentences', () => {
  it('reads a single line break as a space and keeps exact offsets', () => {
    const text = 'Der Vertrag gilt\nbis Ende des Jahres. Danach\nendet er.\n\nNeuer Absatz ohne Punkt';
    const sentences = splitSentences(text).map((s) => text.slice(s.start, s.end));
    assert.deepEqual(sentences, ['Der Vertrag gilt\nbis Ende des Jahres.', 'Danach\nendet er.', 'Neuer Absatz ohne Punkt']);
    const dated = 'Sie gilt ab dem 1. Januar 2026, z. B. für Dr. Müller. 2. Geltung\nDer Rest.';
    assert.deepEqual(
      splitSentences(dated).map((s) => dated.slice(s.start, s.end)),
      ['Sie gilt ab dem 1. Januar 2026, z. B. für Dr. Müller.', '2. Geltung\nDer Rest.'],
    );
    assert.equal(endsSentence('ab dem 1.'), false);
    assert.equal(endsSentence('Er endet hier.'), true);
    assert.equal(endsSentence('„Wirklich?“'), true);
    assert.equal(endsSentence('drei Monate zum'), false);
  });
});

for (const target of testDatabaseTargets()) {
  describe(`buildSourceWindows on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let collectionId: string;
    let fileId: string;
    let otherFileId: string;

    before(async () => {
      handle = await target.open();
      collectionId = await seedCollection(handle.db, 'employee');
      fileId = await seedDocument(handle.db, { collectionId, name: 'Arbeitsvertrag.pdf', pages: PAGES });
      otherFileId = await seedDocument(handle.db, {
        collectionId,
        name: 'Richtlinie.docx',
        mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        pages: ['Die Kündigungsfrist beträgt einen Monat. Das gilt für alle neuen Verträge.'],
      });
    });
    after(() => handle.close());

    it('widens a hit to its whole sentence and continues it over the page break, with exact offsets', async () => {
      const start = PAGE_1.indexOf('Arbeitsvertrages');
      const windows = await buildSourceWindows(handle.db, [hitOn(fileId, collectionId, 1, PAGE_1, start, start + 'Arbeitsvertrages'.length)], {
        maxCharacters: 10_000,
      });
      assert.equal(windows.length, 1);
      const [window] = windows;
      const sentenceStart = PAGE_1.indexOf('Die Kündigungsfrist');
      const sentenceEnd = PAGE_2.indexOf('Quartals.') + 'Quartals.'.length;
      assert.deepEqual(window!.segments, [
        { page: 1, start: sentenceStart, end: PAGE_1.length },
        { page: 2, start: 0, end: sentenceEnd },
      ]);
      assert.equal(window!.text, 'Die Kündigungsfrist des Arbeitsvertrages\nbeträgt drei Monate zum\nEnde eines Quartals.');
      assert.equal(window!.text, textFromPages(window!));
      assert.equal(window!.index, 0);
      assert.equal(window!.fileName, 'Arbeitsvertrag.pdf');
      assert.equal(window!.mediaType, 'application/pdf');
      assert.equal(window!.collectionId, collectionId);
      assert.equal(window!.totalPages, 3);
      // The cited phrase "zum Ende" maps onto both pages exactly.
      const phrase = window!.text.indexOf('zum');
      const ranges = pageRangesOf(window!.segments, phrase, phrase + 'zum\nEnde'.length);
      assert.deepEqual(
        ranges.map((r) => PAGES[r.page - 1]!.slice(r.start, r.end)),
        ['zum', 'Ende'],
      );
    });

    it('takes the beginning of a sentence from the previous page when a hit starts a page with its rest', async () => {
      const end = PAGE_2.indexOf('Quartals.') + 'Quartals.'.length;
      const windows = await buildSourceWindows(handle.db, [hitOn(fileId, collectionId, 2, PAGE_2, 0, end)], { maxCharacters: 10_000 });
      assert.equal(windows.length, 1);
      assert.deepEqual(windows[0]!.segments[0], { page: 1, start: PAGE_1.indexOf('Die Kündigungsfrist'), end: PAGE_1.length });
      assert.equal(windows[0]!.text, textFromPages(windows[0]!));
    });

    it('does not cross a page that ends with a whole sentence', async () => {
      const windows = await buildSourceWindows(handle.db, [hitOn(fileId, collectionId, 3, PAGE_3, 0, 10)], { maxCharacters: 10_000 });
      assert.deepEqual(windows[0]!.segments, [{ page: 3, start: 0, end: PAGE_3.length }]);
      assert.equal(windows[0]!.text, PAGE_3);
    });

    it('merges overlapping windows of one file, keeps order by score and stays within the budget', async () => {
      const other = 'Die Kündigungsfrist beträgt einen Monat. Das gilt für alle neuen Verträge.';
      const hits = [
        hitOn(otherFileId, collectionId, 1, other, 0, 10, 5),
        // Both land in the sentence over the page break: one window, with the better score.
        hitOn(fileId, collectionId, 1, PAGE_1, PAGE_1.indexOf('beträgt'), PAGE_1.length, 3),
        hitOn(fileId, collectionId, 2, PAGE_2, 0, 4, 4),
        hitOn(fileId, collectionId, 2, PAGE_2, PAGE_2.indexOf('Der Rest'), PAGE_2.length, 1),
      ];
      const windows = await buildSourceWindows(handle.db, hits, { maxCharacters: 10_000 });
      assert.deepEqual(
        windows.map((w) => [w.index, w.fileName, w.score, w.text]),
        [
          [0, 'Richtlinie.docx', 5, 'Die Kündigungsfrist beträgt einen Monat.'],
          [1, 'Arbeitsvertrag.pdf', 4, 'Die Kündigungsfrist des Arbeitsvertrages\nbeträgt drei Monate zum\nEnde eines Quartals.'],
          [2, 'Arbeitsvertrag.pdf', 1, 'Der Rest ist Formsache.'],
        ],
      );
      for (const window of windows.slice(1)) assert.equal(window.text, textFromPages(window));

      // A budget that holds the first and the last, not the middle one.
      const budget = 'Die Kündigungsfrist beträgt einen Monat.'.length + 'Der Rest ist Formsache.'.length;
      const limited = await buildSourceWindows(handle.db, hits, { maxCharacters: budget });
      assert.deepEqual(
        limited.map((w) => [w.index, w.text]),
        [
          [0, 'Die Kündigungsfrist beträgt einen Monat.'],
          [1, 'Der Rest ist Formsache.'],
        ],
      );
    });

    it('leaves out hits of files that are gone', async () => {
      const windows = await buildSourceWindows(handle.db, [hitOn('00000000-0000-4000-8000-000000000000', collectionId, 1, PAGE_1, 0, 5)], {
        maxCharacters: 10_000,
      });
      assert.deepEqual(windows, []);
    });

    it('gives a whole document in reading order up to the budget (document mode)', async () => {
      const windows = await documentWindows(handle.db, fileId, { maxCharacters: 10_000 });
      assert.equal(windows.map((w) => w.text).join(SOURCE_SEGMENT_JOINER), PAGES.join(SOURCE_SEGMENT_JOINER));
      for (const window of windows) assert.equal(window.text, textFromPages(window));
      const first = await documentWindows(handle.db, fileId, { maxCharacters: windows[0]!.text.length });
      assert.deepEqual(first.map((w) => w.text), [windows[0]!.text]);
    });
  });
}
