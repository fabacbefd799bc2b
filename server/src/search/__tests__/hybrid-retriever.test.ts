import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../../db/database';
import { EmbeddingsClient } from '../../inference/embeddings';
import type { ParsedDocument } from '../../ingestion/document-model';
import { indexDocument } from '../index-document';
import { reciprocalRankFusion } from '../rank-fusion';
import { createRetriever, mergeHighlights } from '../retriever';
import type { Hit } from '../search-passages';
import { prepareSearchStorage, type SearchStorage } from '../search-storage';
import { testDatabaseTargets } from '../../testing/test-databases';
import { prepareSearchTables } from './search-tables';

const doc = (language: ParsedDocument['language'], ...texts: string[]): ParsedDocument => ({
  mediaType: 'text/plain',
  language,
  pages: texts.map((text, i) => ({ pageNumber: i + 1, text, boxes: [] })),
});

const words = (hit: Hit) => hit.highlights.map((h) => hit.text.slice(h.start, h.end));

describe('reciprocal rank fusion', () => {
  it('ranks an id both lists found above ids one list found, even first places', () => {
    const fused = reciprocalRankFusion([
      ['a', 'both', 'c'],
      ['d', 'both'],
    ]);
    assert.deepEqual(
      fused.map((f) => f.id),
      ['both', 'a', 'd', 'c'],
    );
    assert.equal(fused[0]!.score, 1 / 62 + 1 / 62);
    assert.equal(fused[1]!.score, 1 / 61);
  });

  it('counts an id once per list and breaks ties by id', () => {
    const fused = reciprocalRankFusion([['b', 'b'], ['a']]);
    assert.deepEqual(fused, [
      { id: 'a', score: 1 / 61 },
      { id: 'b', score: 1 / 61 },
    ]);
  });
});

describe('merged highlights', () => {
  it('keeps text order and joins overlapping ranges', () => {
    assert.deepEqual(
      mergeHighlights(
        [
          { start: 10, end: 15 },
          { start: 0, end: 4 },
        ],
        [
          { start: 0, end: 4 },
          { start: 12, end: 20 },
        ],
      ),
      [
        { start: 0, end: 4 },
        { start: 10, end: 20 },
      ],
    );
  });
});

for (const target of testDatabaseTargets()) {
  describe(`hybrid retrieval on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let storage: SearchStorage;
    let model: ScriptedModelServer;
    let embedder: EmbeddingsClient;
    const collectionA = randomUUID();
    const collectionB = randomUUID();
    const reportsFile = randomUUID();
    const contractFile = randomUUID();
    const otherFile = randomUUID();

    /** Vector tests need pgvector; Debian's PostgreSQL (CI) has none: there they are skipped, saying so. */
    const needsVectors = (t: TestContext) => {
      if (storage.vector) return false;
      t.skip('the database has no pgvector extension: hybrid search is off here (full-text mode is tested)');
      return true;
    };

    const index = (fileId: string, collectionId: string, document: ParsedDocument, vectors?: number[][]) =>
      indexDocument(handle.db, { fileId, collectionId, document, ...(vectors ? { embeddings: { model: embedder.model, vectors } } : {}) });

    before(async () => {
      handle = await target.open();
      await prepareSearchTables(handle.db);
      storage = await prepareSearchStorage(handle.db);
      model = await startScriptedModelServer();
      embedder = new EmbeddingsClient({
        provider: { endpoint: async () => ({ baseUrl: model.url, source: 'configured' }) },
        apiKey: undefined,
        model: 'test-embeddings',
        batchSize: 16,
        timeoutMs: 5_000,
      });
      const reports = doc(
        'german',
        'Der Jahresbericht 2025 liegt dem Vorstand vor. Die Zahlen wurden im März geprüft.',
        'Die Berichtspflicht gegenüber der Aufsicht gilt ab dem ersten Quartal.',
        'Die Kantine bleibt im August wegen Umbau geschlossen.',
      );
      const contract = doc('german', 'Die Kündigungsfrist des Arbeitsvertrages beträgt drei Monate zum Monatsende.');
      const other = doc('german', 'Der Jahresbericht der anderen Abteilung und ihre Berichtspflicht. Der Arbeitsvertrag dort.');
      const vectorsOf = async (d: ParsedDocument) => (storage.vector ? embedder.embed(d.pages.map((p) => p.text)) : undefined);
      await index(reportsFile, collectionA, reports, await vectorsOf(reports));
      await index(contractFile, collectionA, contract, await vectorsOf(contract));
      await index(otherFile, collectionB, other, await vectorsOf(other));
    });
    after(async () => {
      await model?.close();
      await handle?.close();
    });

    it('says which mode it runs in: full-text without an embeddings model or without pgvector', () => {
      assert.equal(createRetriever({ db: handle.db, storage }).mode, 'full-text');
      assert.equal(createRetriever({ db: handle.db, storage: { vector: false, vectorVersion: undefined }, embedder }).mode, 'full-text');
      assert.match(createRetriever({ db: handle.db, storage }).describe(), /EMBEDDINGS_MODEL is not set/);
      assert.equal(createRetriever({ db: handle.db, storage, embedder }).mode, storage.vector ? 'hybrid' : 'full-text');
    });

    it('does not ask for a query embedding in full-text mode', async () => {
      const before = model.embeddingRequests().length;
      const hits = await createRetriever({ db: handle.db, storage }).search({ collectionIds: [collectionA], query: 'Kantine' });
      assert.equal(hits.length, 1);
      assert.equal(model.embeddingRequests().length, before);
    });

    for (const mode of ['full-text', 'hybrid'] as const) {
      it(`finds compounds by a part of them, highlighting the whole compound word (${mode})`, async (t) => {
        if (mode === 'hybrid' && needsVectors(t)) return;
        const retriever = createRetriever({ db: handle.db, storage, ...(mode === 'hybrid' ? { embedder } : {}) });
        assert.equal(retriever.mode, mode);

        const bericht = await retriever.search({ collectionIds: [collectionA], query: 'Bericht' });
        const found = bericht.filter((hit) => words(hit).length > 0);
        assert.deepEqual(found.map((hit) => words(hit)).sort(), [['Berichtspflicht'], ['Jahresbericht']]);
        for (const hit of bericht) assert.equal(hit.collectionId, collectionA);

        const vertrag = await retriever.search({ collectionIds: [collectionA], query: 'Vertrag' });
        assert.equal(vertrag[0]?.fileId, contractFile);
        assert.deepEqual(words(vertrag[0]!), ['Arbeitsvertrages']);
        const at = vertrag[0]!.highlights[0]!;
        assert.equal(vertrag[0]!.text.slice(at.start, at.end), 'Arbeitsvertrages');

        // A question: stop words and short words do not match inside other words.
        const question = await retriever.search({ collectionIds: [collectionA], query: 'Wie lang ist die Kündigungsfrist im Vertrag?' });
        assert.equal(question[0]?.fileId, contractFile);
        assert.deepEqual(words(question[0]!), ['Kündigungsfrist', 'Arbeitsvertrages']);
      });
    }

    it('ranks a passage the lists agree on above passages only one list found', async (t) => {
      if (needsVectors(t)) return;
      const retriever = createRetriever({ db: handle.db, storage, embedder });
      // "Kantine" is in one passage (full-text); its embedding is nearest to that passage too.
      const hits = await retriever.search({ collectionIds: [collectionA], query: 'Kantine geschlossen' });
      assert.equal(hits[0]?.text, 'Die Kantine bleibt im August wegen Umbau geschlossen.');
      assert.ok(hits.length > 1, 'the vector list brings the other passages too');
      // First in the full-text and the vector list (no compound here): 2 / 61.
      assert.equal(hits[0]!.score, 2 / 61);
      // The others only the vectors found, after rank 1: each below 1 / 61.
      for (const hit of hits.slice(1)) assert.ok(hit.score < 1 / 61, JSON.stringify(hit));
      assert.deepEqual(words(hits[0]!), ['Kantine', 'geschlossen']);
    });

    it('returns vector hits of the given collections and files only', async (t) => {
      if (needsVectors(t)) return;
      const retriever = createRetriever({ db: handle.db, storage, embedder });
      // A misspelt word: neither full-text nor a stem finds it, only the vectors (shared trigrams).
      const query = 'Jahresberichtz Arbeitsvertragz';
      const inA = await retriever.search({ collectionIds: [collectionA], query });
      assert.ok(inA.length > 0, 'the vectors find passages');
      for (const hit of inA) assert.equal(hit.collectionId, collectionA);
      // Vector-only hits carry the query words they contain: none here.
      for (const hit of inA) assert.deepEqual(hit.highlights, []);
      const inB = await retriever.search({ collectionIds: [collectionB], query });
      assert.deepEqual(
        inB.map((hit) => hit.fileId),
        [otherFile],
      );
      const oneFile = await retriever.search({ collectionIds: [collectionA], fileIds: [contractFile], query });
      assert.deepEqual(
        oneFile.map((hit) => hit.fileId),
        [contractFile],
      );
      assert.deepEqual(await retriever.search({ collectionIds: [randomUUID()], query }), []);
    });

    it('answers from full-text and compounds when the query embedding fails', async (t) => {
      if (needsVectors(t)) return;
      const warnings: string[] = [];
      const retriever = createRetriever({ db: handle.db, storage, embedder, log: { warn: (_obj, msg) => warnings.push(msg) } });
      model.setScript({ embeddings: { status: 500 } });
      try {
        const hits = await retriever.search({ collectionIds: [collectionA], query: 'Jahresbericht Quartal' });
        assert.ok(hits.length >= 2);
        assert.equal(warnings.length, 1);
      } finally {
        model.setScript({ embeddings: {} });
      }
    });

    it('ranks with a word most passages contain but takes candidates only from the rarer words', async () => {
      const collection = randomUUID();
      const common = Array.from({ length: 60 }, (_, i) => `Die Abteilung ${i} plant das Sommerfest im Park.`);
      // 61 new passages: more than autovacuum's 50 + 10 %, so indexing ran ANALYZE (PGlite has no autovacuum).
      await index(randomUUID(), collection, doc('german', ...common, 'Die Abteilung Zebrafink tagt am Montag.'));
      const { rows } = await sql<{ n: number }>`
        select cardinality(most_common_elems::text::text[]) as n from pg_stats where tablename = 'passages' and attname = 'tsv'`.execute(handle.db);
      assert.ok(rows[0] && rows[0].n > 0, 'the lexeme statistics exist');
      const hits = await createRetriever({ db: handle.db, storage }).search({ collectionIds: [collection], query: 'Abteilung Zebrafink', limit: 100 });
      // "Abteilung" is in nearly every passage: it ranks, but the 60 passages with only it are no candidates.
      assert.deepEqual(
        hits.map((hit) => hit.text),
        ['Die Abteilung Zebrafink tagt am Montag.'],
      );
      assert.deepEqual(words(hits[0]!), ['Abteilung', 'Zebrafink']);
      // A question of frequent words alone still finds them.
      const common2 = await createRetriever({ db: handle.db, storage }).search({ collectionIds: [collection], query: 'Abteilung', limit: 100 });
      assert.equal(common2.length, 61);
    });

    it('stores one vector per passage with its model and dimension', async (t) => {
      if (needsVectors(t)) return;
      const { rows } = await sql<{ model: string; dims: number; n: string }>`
        select e.model, e.dims, count(*)::text as n from passage_embeddings e join passages p on p.id = e.passage_id
        where p.file_id = ${reportsFile} and e.collection_id = p.collection_id and e.file_id = p.file_id
        group by e.model, e.dims`.execute(handle.db);
      assert.deepEqual(rows, [{ model: 'test-embeddings', dims: 256, n: '3' }]);
      const { rows: indexes } = await sql<{ indexname: string }>`
        select indexname from pg_indexes where tablename = 'passage_embeddings' and indexname like '%hnsw%'`.execute(handle.db);
      assert.deepEqual(indexes, [{ indexname: 'passage_embeddings_hnsw_256' }]);
    });
  });
}
