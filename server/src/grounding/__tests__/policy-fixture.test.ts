import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pageRangesOf } from '@assistant/contracts';
import {
  CIRCULAR_DOCX,
  CIRCULAR_SENTENCE,
  GROUNDING_FIXTURES_DIR,
  POLICY_PDF,
  POLICY_SENTENCE,
  POLICY_SENTENCE_LOCATION,
} from '../../../../tests/fixtures/documents/make-grounding-fixtures';
import type { DatabaseHandle } from '../../db/database';
import { DOCX_MEDIA_TYPE, parseDocument } from '../../ingestion/parsers/index';
import { createRetriever } from '../../search/retriever';
import { prepareSearchStorage } from '../../search/search-storage';
import { testDatabaseTargets } from '../../testing/test-databases';
import { retrieveWindows } from '../retrieve-windows';
import { splitSentences } from '../sentences';
import { seedCollection, seedDocument } from './seed-documents';

const fixture = (name: string) => new Uint8Array(readFileSync(join(GROUNDING_FIXTURES_DIR, name)));

// The documents of the grounded-answer end-to-end tests, parsed as ingestion parses them: the policy's key sentence
// runs over the PDF's page break, the circular contradicts it.
for (const target of testDatabaseTargets().slice(0, 1)) {
  describe(`windows of the travel policy PDF on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let collectionId: string;
    let policyPages: string[];

    before(async () => {
      handle = await target.open();
      collectionId = await seedCollection(handle.db, 'employee');
      const policy = await parseDocument(fixture(POLICY_PDF), 'application/pdf');
      policyPages = policy.pages.map((page) => page.text);
      await seedDocument(handle.db, { collectionId, name: POLICY_PDF, pages: policyPages });
      const circular = await parseDocument(fixture(CIRCULAR_DOCX), DOCX_MEDIA_TYPE);
      await seedDocument(handle.db, { collectionId, name: CIRCULAR_DOCX, pages: circular.pages.map((page) => page.text), mediaType: DOCX_MEDIA_TYPE });
    });
    after(() => handle.close());

    it('gives the model the whole sentence over the page break, and one judged sentence maps to its exact page ranges', async () => {
      const retriever = createRetriever({ db: handle.db, storage: await prepareSearchStorage(handle.db) });
      const windows = await retrieveWindows({
        db: handle.db,
        retriever,
        question: 'Wie hoch ist die Reisekostenpauschale für Dienstreisen ins Ausland?',
        collectionIds: [collectionId],
        maxCharacters: 24_000,
      });
      // The policy's window that runs over its page break (its other window is the page's beginning).
      const policy = windows.find((window) => window.fileName === POLICY_PDF && window.segments.some((segment) => segment.page === 2));
      const circular = windows.find((window) => window.fileName === CIRCULAR_DOCX);
      assert.ok(policy && circular, JSON.stringify(windows.map((w) => w.fileName)));
      assert.ok(circular.text.includes(CIRCULAR_SENTENCE));
      assert.deepEqual(
        policy.segments.map((segment) => segment.page),
        [1, 2],
      );
      assert.equal(policy.text, policy.segments.map((segment) => policyPages[segment.page - 1]!.slice(segment.start, segment.end)).join('\n'));
      // It ends where the sentence does, on page 2.
      assert.deepEqual(policy.segments[1], POLICY_SENTENCE_LOCATION[1]);

      // The judge's sentence that is the key sentence, read across the break.
      const sentence = splitSentences(policy.text).find((range) => policy.text.slice(range.start, range.end).replace(/\n/g, ' ') === POLICY_SENTENCE);
      assert.ok(sentence, `no sentence of the window is the key sentence: ${policy.text}`);
      assert.deepEqual(pageRangesOf(policy.segments, sentence.start, sentence.end), POLICY_SENTENCE_LOCATION);
    });
  });
}
