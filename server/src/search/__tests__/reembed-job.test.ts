import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { startScriptedModelServer, testEmbedding, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../../db/database';
import { EmbeddingsClient } from '../../inference/embeddings';
import type { ParsedDocument } from '../../ingestion/document-model';
import { defaultIngestionDependencies } from '../../ingestion/default-dependencies';
import { JobQueue } from '../../jobs/job-queue';
import { JobRunner } from '../../jobs/job-runner';
import { testDatabaseTargets } from '../../testing/test-databases';
import { indexDocument } from '../index-document';
import { withIngestionEmbeddings } from '../ingestion-embeddings';
import { REEMBED_JOB_KIND, reembedJobHandler, scheduleReembedding } from '../reembed-job';
import { createRetriever } from '../retriever';
import { prepareSearchStorage, type SearchStorage } from '../search-storage';
import { prepareSearchTables } from './search-tables';

const doc = (...texts: string[]): ParsedDocument => ({
  mediaType: 'text/plain',
  language: 'german',
  pages: texts.map((text, i) => ({ pageNumber: i + 1, text, boxes: [] })),
});

for (const target of testDatabaseTargets()) {
  describe(`re-embedding and embeddings during ingestion on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let storage: SearchStorage;
    let model: ScriptedModelServer;
    const collection = randomUUID();

    const embedderFor = (name: string, batchSize = 16) =>
      new EmbeddingsClient({
        provider: { endpoint: async () => ({ baseUrl: model.url, source: 'configured' }) },
        apiKey: undefined,
        model: name,
        batchSize,
        timeoutMs: 5_000,
      });

    const needsVectors = (t: TestContext) => {
      if (storage.vector) return false;
      t.skip('the database has no pgvector extension: no vectors to store here (full-text mode)');
      return true;
    };

    const embeddingsByModel = async () => {
      const { rows } = await sql<{ model: string; n: string }>`
        select model, count(*)::text as n from passage_embeddings group by model order by model`.execute(handle.db);
      return Object.fromEntries(rows.map((row) => [row.model, Number(row.n)]));
    };
    const passageCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from passages`.execute(handle.db)).rows[0]!.n);

    before(async () => {
      handle = await target.open();
      await prepareSearchTables(handle.db);
      storage = await prepareSearchStorage(handle.db);
      model = await startScriptedModelServer();
    });
    after(async () => {
      await model?.close();
      await handle?.close();
    });
    beforeEach(() => model.setScript({ embeddings: {} }));

    it('embeds passages indexed without vectors, then again after the model changed, in a background job', async (t) => {
      if (needsVectors(t)) return;
      // Five one-passage pages indexed before any embeddings model was set.
      await indexDocument(handle.db, {
        fileId: randomUUID(),
        collectionId: collection,
        document: doc('Der Jahresbericht ist fertig.', 'Die Reisekosten steigen.', 'Der Betriebsrat tagt.', 'Die Inventur ist im Januar.', 'Das Handbuch ist neu.'),
      });
      const total = await passageCount();
      assert.equal(total, 5);
      const queue = new JobQueue(handle.db);
      const first = embedderFor('embed-a', 2);
      // Several processes starting at once schedule one job (the check and the insert hold a lock).
      const scheduled = await Promise.all([1, 2, 3].map(() => scheduleReembedding({ db: handle.db, model: first.model })));
      assert.deepEqual(scheduled.filter(Boolean), [true]);
      // A second start while the job waits adds no second job.
      assert.equal(await scheduleReembedding({ db: handle.db, model: first.model }), false);
      assert.deepEqual(await embeddingsByModel(), {}, 'nothing is embedded before the runner works');

      const runner = new JobRunner({ db: handle.db, handlers: { [REEMBED_JOB_KIND]: reembedJobHandler({ db: handle.db, embedder: first, queue }) } });
      await runner.drain();
      assert.deepEqual(await embeddingsByModel(), { 'embed-a': 5 });
      // Three requests of at most two passages.
      assert.deepEqual(
        model.embeddingRequests().map((r) => r.embeddingInputs!.length),
        [2, 2, 1],
      );
      const { rows: jobs } = await sql<{ status: string; result: unknown }>`select status, result from jobs where kind = ${REEMBED_JOB_KIND}`.execute(handle.db);
      assert.equal(jobs.length, 1);
      assert.equal(jobs[0]!.status, 'completed');
      assert.deepEqual(typeof jobs[0]!.result === 'string' ? JSON.parse(jobs[0]!.result) : jobs[0]!.result, { model: 'embed-a', embedded: 5, continued: false });
      assert.equal(await scheduleReembedding({ db: handle.db, model: first.model }), false, 'nothing is missing any more');

      // EMBEDDINGS_MODEL changes: every passage is embedded again, in slices of one batch each.
      const second = embedderFor('embed-b', 2);
      assert.equal(await scheduleReembedding({ db: handle.db, model: second.model }), true);
      const sliced = new JobRunner({
        db: handle.db,
        handlers: { [REEMBED_JOB_KIND]: reembedJobHandler({ db: handle.db, embedder: second, queue, sliceMs: 0 }) },
      });
      await sliced.drain();
      assert.deepEqual(await embeddingsByModel(), { 'embed-b': 5 });
      const { rows: follow } = await sql<{ n: string }>`
        select count(*)::text as n from jobs where kind = ${REEMBED_JOB_KIND} and status = 'completed'`.execute(handle.db);
      assert.equal(Number(follow[0]!.n), 1 + 3, 'each slice handed the rest to a follow-up job');

      // The vectors of the new model are the ones searched.
      const hits = await createRetriever({ db: handle.db, storage, embedder: second }).search({ collectionIds: [collection], query: 'Inventurliste' });
      assert.equal(hits[0]?.text, 'Die Inventur ist im Januar.');
    });

    it('fails the job with a reason when the endpoint fails, storing nothing, and succeeds when scheduled again', async (t) => {
      if (needsVectors(t)) return;
      await indexDocument(handle.db, { fileId: randomUUID(), collectionId: collection, document: doc('Eine neue Seite ohne Vektor.') });
      const queue = new JobQueue(handle.db);
      const embedder = embedderFor('embed-c');
      model.setScript({ embeddings: { status: 503, errorMessage: 'overloaded' } });
      assert.equal(await scheduleReembedding({ db: handle.db, model: embedder.model }), true);
      const runner = new JobRunner({ db: handle.db, handlers: { [REEMBED_JOB_KIND]: reembedJobHandler({ db: handle.db, embedder, queue }) } });
      await runner.drain();
      const { rows } = await sql<{ status: string; error: string }>`
        select status, error from jobs where kind = ${REEMBED_JOB_KIND} order by created_at desc limit 1`.execute(handle.db);
      assert.equal(rows[0]!.status, 'failed');
      assert.match(rows[0]!.error, /Re-embedding with embed-c failed: .*503/);
      assert.equal((await embeddingsByModel())['embed-c'], undefined);

      model.setScript({ embeddings: {} });
      assert.equal(await scheduleReembedding({ db: handle.db, model: embedder.model }), true);
      await runner.drain();
      assert.equal((await embeddingsByModel())['embed-c'], await passageCount());
    });

    it('stores vectors with the passages during ingestion', async (t) => {
      if (needsVectors(t)) return;
      const embedder = embedderFor('embed-d', 64);
      const deps = withIngestionEmbeddings(defaultIngestionDependencies, { embedder });
      const fileId = randomUUID();
      // Long enough for several passages: each must get its own text's vector.
      const sentences = Array.from({ length: 40 }, (_, i) => `Satz ${i} über die Berichtspflicht der Abteilung ${i % 7}.`).join(' ');
      const document = await deps.parse(new TextEncoder().encode(sentences), 'text/plain');
      await handle.db.transaction().execute((trx) => deps.index(trx, { fileId, collectionId: collection, document }));
      const { rows } = await sql<{ model: string; dims: number; text: string; embedding: string }>`
        select e.model, e.dims, p.text, e.embedding::text as embedding
        from passage_embeddings e join passages p on p.id = e.passage_id where p.file_id = ${fileId}`.execute(handle.db);
      assert.ok(rows.length >= 3, `${rows.length} passages`);
      for (const row of rows) {
        assert.equal(row.model, 'embed-d');
        assert.equal(row.dims, 256);
        const stored = JSON.parse(row.embedding) as number[];
        const expected = testEmbedding(row.text);
        assert.ok(stored.every((x, i) => Math.abs(x - expected[i]!) < 1e-6), 'the vector of this passage text');
      }
    });

    it('keeps a document searchable when the embeddings endpoint fails during its ingestion', async () => {
      const embedder = embedderFor('embed-e', 64);
      const warnings: string[] = [];
      let missing = 0;
      const deps = withIngestionEmbeddings(defaultIngestionDependencies, {
        embedder,
        log: { warn: (_obj, msg) => warnings.push(msg) },
        onMissing: () => (missing += 1),
      });
      model.setScript({ embeddings: { status: 500 } });
      const fileId = randomUUID();
      const document = await deps.parse(new TextEncoder().encode('Der Arbeitsvertrag regelt die Kündigungsfrist.'), 'text/plain');
      await handle.db.transaction().execute((trx) => deps.index(trx, { fileId, collectionId: collection, document }));
      assert.equal(missing, 1);
      assert.match(warnings[0]!, /embeddings failed/);
      const hits = await createRetriever({ db: handle.db, storage }).search({ collectionIds: [collection], query: 'Vertrag' });
      assert.deepEqual(
        hits.map((hit) => hit.fileId),
        [fileId],
      );
      if (storage.vector) {
        const { rows } = await sql`select 1 from passage_embeddings where file_id = ${fileId}`.execute(handle.db);
        assert.equal(rows.length, 0);
      }
    });

    it('passes the ingestion abort on instead of indexing without vectors', async () => {
      const embedder = embedderFor('embed-f', 64);
      const deps = withIngestionEmbeddings(defaultIngestionDependencies, { embedder });
      model.setScript({ embeddings: { hang: true } });
      const controller = new AbortController();
      const parsing = deps.parse(new TextEncoder().encode('Ein Text.'), 'text/plain', { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('ingestion timeout')), 50);
      await assert.rejects(parsing, /ingestion timeout|abort/i);
    });

    it('gives up embedding a slow document after its budget and indexes it without vectors', async () => {
      const embedder = embedderFor('embed-g', 64);
      let missing = 0;
      const deps = withIngestionEmbeddings(defaultIngestionDependencies, { embedder, budgetMs: 50, onMissing: () => (missing += 1) });
      model.setScript({ embeddings: { hang: true } });
      const document = await deps.parse(new TextEncoder().encode('Ein langsamer Text.'), 'text/plain');
      assert.equal(document.pages.length, 1);
      assert.equal(missing, 1);
    });
  });
}
