import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { makePdf } from '../../../../tests/fixtures/documents/make-documents';
import type { DatabaseHandle } from '../../db/database';
import type { ParsedDocument } from '../../ingestion/document-model';
import { parseDocument } from '../../ingestion/parsers/index';
import { testDatabaseTargets } from '../../testing/test-databases';
import { readDocumentPages } from '../document-pages';
import { indexDocument, removeDocument } from '../index-document';
import { searchPassages, type Hit } from '../search-passages';
import { prepareSearchTables } from './search-tables';

const page = (pageNumber: number, text: string) => ({ pageNumber, text, boxes: [] });
const doc = (language: ParsedDocument['language'], ...texts: string[]): ParsedDocument => ({
  mediaType: 'text/plain',
  language,
  pages: texts.map((text, i) => page(i + 1, text)),
});

/** Every highlight lies within the passage and covers one whole word. */
function assertHighlights(hit: Hit, expectedWords?: string[]): string[] {
  const words = hit.highlights.map((h) => {
    assert.ok(Number.isInteger(h.start) && h.start >= 0 && h.end > h.start && h.end <= hit.text.length, JSON.stringify(h));
    return hit.text.slice(h.start, h.end);
  });
  for (const word of words) assert.match(word, /^[\p{L}\p{N}]+$/u);
  if (expectedWords) assert.deepEqual(words, expectedWords);
  return words;
}

for (const target of testDatabaseTargets()) {
  describe(`index and search passages on ${target.name}`, () => {
    let handle: DatabaseHandle;
    const collectionA = randomUUID();
    const collectionB = randomUUID();
    const germanFile = randomUUID();
    const englishFile = randomUUID();
    const otherFile = randomUUID();
    const pdfFile = randomUUID();

    before(async () => {
      handle = await target.open();
      await prepareSearchTables(handle.db);
      await indexDocument(handle.db, {
        fileId: germanFile,
        collectionId: collectionA,
        document: doc(
          'german',
          'Die Berichte der Abteilung wurden im März geprüft. Der Vorstand liest die Berichten gern.',
          'Auf der zweiten Seite steht nur etwas über Häuser und Gärten.',
        ),
      });
      await indexDocument(handle.db, {
        fileId: englishFile,
        collectionId: collectionA,
        document: doc(
          'english',
          'The quarterly reports were reviewed by the running team. Reporting is running late.',
          'Budget planning for the next year is on this page.',
        ),
      });
      await indexDocument(handle.db, {
        fileId: otherFile,
        collectionId: collectionB,
        document: doc('simple', 'Zebrastreifen Zebrastreifen Zebrastreifen im anderen Bestand.'),
      });
    });
    after(() => handle.close());

    it('stores the pages with word counts and the passages with their tsvector', async () => {
      const pages = await readDocumentPages(handle.db, germanFile);
      assert.deepEqual(pages.map((p) => [p.page_number, p.wordcount]), [
        [1, 14],
        [2, 11],
      ]);
      const { rows } = await sql<{ language: string; n: string }>`
        select language, count(*)::text as n from passages where file_id = ${germanFile} group by language`.execute(handle.db);
      assert.deepEqual(rows, [{ language: 'german', n: '2' }]);
    });

    it('finds German inflected forms and highlights exactly the matched words', async () => {
      const hits = await searchPassages(handle.db, { collectionIds: [collectionA], query: 'Bericht' });
      assert.equal(hits.length, 1);
      const hit = hits[0]!;
      assert.equal(hit.fileId, germanFile);
      assert.equal(hit.collectionId, collectionA);
      assert.equal(hit.pageNumber, 1);
      assert.ok(hit.score > 0);
      assertHighlights(hit, ['Berichte', 'Berichten']);
      // Plural and dative plural find the singular too, umlauts are folded by the stemmer.
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionA], query: 'Berichten' })).length, 1);
      const houses = await searchPassages(handle.db, { collectionIds: [collectionA], query: 'Haus' });
      assert.equal(houses[0]?.pageNumber, 2);
      assertHighlights(houses[0]!, ['Häuser']);
    });

    it('does what the german snowball stemmer does with participles: "prüfen" does not find "geprüft"', async () => {
      // The stemmer cuts suffixes, not the ge- prefix: prüfen -> pruf, geprüft -> gepruft.
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionA], query: 'prüfen' })).length, 0);
      const exact = await searchPassages(handle.db, { collectionIds: [collectionA], query: 'geprüft' });
      assertHighlights(exact[0]!, ['geprüft']);
    });

    it('stems English in English passages', async () => {
      const hits = await searchPassages(handle.db, { collectionIds: [collectionA], query: 'report run' });
      assert.equal(hits.length, 1);
      assert.equal(hits[0]!.fileId, englishFile);
      assertHighlights(hits[0]!, ['reports', 'running', 'Reporting', 'running']);
    });

    it('ranks a passage with more and closer matches higher', async () => {
      const collection = randomUUID();
      await indexDocument(handle.db, {
        fileId: randomUUID(),
        collectionId: collection,
        document: doc(
          'english',
          'Security review of the gateway.',
          'The gateway handles traffic. Much later, after many unrelated words about lunch and weather, security is mentioned.',
          'Nothing relevant here at all.',
          'Gateway security: the gateway security review covers gateway security settings.',
        ),
      });
      const hits = await searchPassages(handle.db, { collectionIds: [collection], query: 'gateway security' });
      assert.deepEqual(hits.map((h) => h.pageNumber), [4, 1, 2]);
      assert.ok(hits[0]!.score > hits[1]!.score && hits[1]!.score > hits[2]!.score);
      for (const hit of hits) for (const word of assertHighlights(hit)) assert.match(word.toLowerCase(), /^(gateway|security)$/);
    });

    it('searches only the collections asked for, and several at once', async () => {
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionA], query: 'Zebrastreifen' })).length, 0);
      const inB = await searchPassages(handle.db, { collectionIds: [collectionB], query: 'zebrastreifen' });
      assert.equal(inB.length, 1);
      assertHighlights(inB[0]!, ['Zebrastreifen', 'Zebrastreifen', 'Zebrastreifen']);
      const both = await searchPassages(handle.db, { collectionIds: [collectionA, collectionB], query: 'Zebrastreifen OR Bericht' });
      assert.deepEqual(new Set(both.map((h) => h.collectionId)), new Set([collectionA, collectionB]));
      assert.deepEqual(await searchPassages(handle.db, { collectionIds: [], query: 'Bericht' }), []);
      assert.deepEqual(await searchPassages(handle.db, { collectionIds: ['not-a-uuid'], query: 'Bericht' }), []);
      assert.equal((await searchPassages(handle.db, { collectionIds: ["x'; drop table passages; --", collectionA], query: 'Bericht' })).length, 1);
    });

    it('answers no hits for an empty, blank or stop-word-only query, and honours the limit', async () => {
      assert.deepEqual(await searchPassages(handle.db, { collectionIds: [collectionA], query: '' }), []);
      assert.deepEqual(await searchPassages(handle.db, { collectionIds: [collectionA], query: '   ' }), []);
      assert.deepEqual(await searchPassages(handle.db, { collectionIds: [collectionA], query: 'the und die' }), []);
      assert.deepEqual(await searchPassages(handle.db, { collectionIds: [collectionA], query: '"' }), []);
      const all = await searchPassages(handle.db, { collectionIds: [collectionA, collectionB], query: 'Bericht OR report OR Zebrastreifen', limit: 2 });
      assert.equal(all.length, 2);
    });

    it('reads web-search syntax: phrases and exclusions', async () => {
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionA], query: '"quarterly reports"' })).length, 1);
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionA], query: '"reports quarterly"' })).length, 0);
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionA], query: 'report -running' })).length, 0);
    });

    it('highlights correctly in text holding the marker characters itself', async () => {
      const collection = randomUUID();
      await indexDocument(handle.db, {
        fileId: randomUUID(),
        collectionId: collection,
        document: doc('simple', 'odd \u0001 bytes \u0002 around the needle here'),
      });
      const [hit] = await searchPassages(handle.db, { collectionIds: [collection], query: 'needle' });
      assertHighlights(hit!, ['needle']);
    });

    it('replaces a file on re-indexing and removes it', async () => {
      await indexDocument(handle.db, { fileId: otherFile, collectionId: collectionB, document: doc('simple', 'Nur noch Giraffen.') });
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionB], query: 'Zebrastreifen' })).length, 0);
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionB], query: 'Giraffen' })).length, 1);
      await removeDocument(handle.db, otherFile);
      assert.equal((await searchPassages(handle.db, { collectionIds: [collectionB], query: 'Giraffen' })).length, 0);
      assert.deepEqual(await readDocumentPages(handle.db, otherFile), []);
    });

    it('writes inside a caller\'s transaction: committed with it, or gone with its rollback', async () => {
      const collection = randomUUID();
      const kept = randomUUID();
      await handle.db.transaction().execute(async (trx) => {
        await indexDocument(trx, { fileId: kept, collectionId: collection, document: doc('simple', 'Okapi im Gehege.') });
      });
      assert.equal((await searchPassages(handle.db, { collectionIds: [collection], query: 'Okapi' })).length, 1);
      await assert.rejects(
        handle.db.transaction().execute(async (trx) => {
          await indexDocument(trx, { fileId: randomUUID(), collectionId: collection, document: doc('simple', 'Okapi zwei.') });
          throw new Error('the run lost its claim');
        }),
        /lost its claim/,
      );
      assert.equal((await searchPassages(handle.db, { collectionIds: [collection], query: 'Okapi' })).length, 1);
    });

    it('indexes a parsed PDF: hits carry the page, and the page boxes locate the highlight', async () => {
      const pdf = makePdf(
        [
          ['Der Jahresbericht der Abteilung ist fertig.', 'Er wird von der Leitung gelesen.'],
          ['Auf der zweiten Seite stehen die Kosten.', 'Die Kosten der Projekte steigen weiter.'],
        ],
        { title: 'Bericht' },
      );
      const parsed = await parseDocument(pdf, 'application/pdf');
      await indexDocument(handle.db, { fileId: pdfFile, collectionId: collectionA, document: parsed });
      const [hit] = await searchPassages(handle.db, { collectionIds: [collectionA], query: 'Projekt' });
      assert.equal(hit?.fileId, pdfFile);
      assert.equal(hit.pageNumber, 2);
      assertHighlights(hit, ['Projekte']);
      // The passage's place in the page text, plus the highlight, is where a word box begins (boxes are per word).
      const { rows } = await sql<{ start_offset: number }>`select start_offset from passages where id = ${hit.passageId}`.execute(handle.db);
      const at = rows[0]!.start_offset + hit.highlights[0]!.start;
      const pages = await readDocumentPages(handle.db, pdfFile);
      const page2 = pages[1]!;
      assert.equal(page2.text!.slice(at, at + 'Projekte'.length), 'Projekte');
      const anchors = page2.bounding_boxes.map((b) => b.anchor_point);
      const box = anchors.filter((anchor) => anchor <= at).at(-1);
      assert.equal(box, at);
    });
  });
}
