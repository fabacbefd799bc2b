import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { CollectionsRepository } from '../../db/repositories/collections-repository';
import { FilesRepository } from '../../db/repositories/files-repository';
import { IngestionRunsRepository } from '../../db/repositories/ingestion-runs-repository';
import { testDatabaseTargets } from '../../testing/test-databases';
import { DocumentParseError, type ParsedDocument } from '../document-model';
import { defaultIngestionDependencies } from '../default-dependencies';
import { FileStorage } from '../file-storage';
import { IngestionRunner, type IngestionDependencies } from '../ingestion-runner';

const viewer = { sub: 'employee', isAdmin: false };

function documentOf(text: string): ParsedDocument {
  return { mediaType: 'text/plain', language: 'english', pages: [{ pageNumber: 1, text, boxes: [] }] };
}

/** Stand-ins for the parser and the indexer: the text is the document; pages are written as search would. */
function standIns(overrides: Partial<IngestionDependencies> = {}): IngestionDependencies & { indexed: string[] } {
  const indexed: string[] = [];
  return {
    indexed,
    parse: async (bytes) => documentOf(new TextDecoder().decode(bytes)),
    index: async (db, { fileId, document }) => {
      indexed.push(fileId);
      for (const page of document.pages) {
        await db.insertInto('document_pages').values({ file_id: fileId, page_number: page.pageNumber, text: page.text, wordcount: 1, boxes: '[]' }).execute();
      }
    },
    ...overrides,
  };
}

for (const target of testDatabaseTargets()) {
  describe(`ingestion runner on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let storage: FileStorage;
    let dataDir: string;
    let collectionId: string;
    before(async () => {
      handle = await target.open();
      dataDir = await mkdtemp(join(tmpdir(), 'assistant-ingestion-'));
      storage = new FileStorage(dataDir);
      await mkdir(storage.root, { recursive: true });
      collectionId = (await new CollectionsRepository(handle.db).create(viewer, 'Runs', 'personal')).id;
    });
    after(async () => {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    async function addFile(content: string, name = `${randomUUID()}.txt`) {
      const id = randomUUID();
      const runId = randomUUID();
      await writeFile(storage.path(id), content);
      await new FilesRepository(handle.db).addWithRun({
        id,
        collectionId,
        name,
        mediaType: 'text/plain',
        size: Buffer.byteLength(content),
        storageKey: id,
        createdBy: viewer.sub,
        runId,
        metadata: { fileName: name },
      });
      return { fileId: id, runId };
    }
    async function state(runId: string) {
      const run = await handle.db.selectFrom('ingestion_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
      const file = await handle.db.selectFrom('files').select('status').where('id', '=', run.file_id).executeTakeFirstOrThrow();
      return { run, fileStatus: file.status };
    }

    it('takes a created run to completed, with the file id as dataset and the file processed', async () => {
      const { fileId, runId } = await addFile('Hello world');
      const deps = standIns();
      const runner = new IngestionRunner({ db: handle.db, storage, deps });
      assert.equal(await runner.drain(), 1);
      const { run, fileStatus } = await state(runId);
      assert.equal(run.status, 'completed');
      assert.equal(run.dataset_id, fileId);
      assert.equal(run.attempts, 1);
      assert.equal(run.locked_until, null);
      assert.ok(run.started_at && run.finished_at);
      assert.equal(fileStatus, 'processed');
      assert.deepEqual(deps.indexed, [fileId]);
      const page = await new IngestionRunsRepository(handle.db).findVisible(runId, viewer);
      assert.deepEqual(page?.output, { datasetId: fileId });
      assert.equal(await runner.drain(), 0, 'nothing left');
    });

    it('records the DATA code and message of a failed parse, and the file as processing-failed', async () => {
      const { runId } = await addFile('locked');
      const runner = new IngestionRunner({
        db: handle.db,
        storage,
        deps: standIns({ parse: async () => { throw new DocumentParseError('DATA0005', 'The PDF is password protected'); } }),
      });
      await runner.drain();
      const { run, fileStatus } = await state(runId);
      assert.equal(run.status, 'failed');
      assert.deepEqual(run.errors, [{ type: 'extraction', message: 'The PDF is password protected', httpCode: 422, dataCode: 'DATA0005' }]);
      assert.equal(fileStatus, 'processing-failed');
      const listed = await new FilesRepository(handle.db).listInCollection(collectionId);
      assert.deepEqual(listed.find((f) => f.runId === runId)?.error, { dataCode: 'DATA0005', message: 'The PDF is password protected' });
    });

    it('fails a document that takes too long with DATA0007, and an empty one with DATA0006', async () => {
      const slow = await addFile('slow');
      const runner = new IngestionRunner({
        db: handle.db,
        storage,
        timeoutMs: 50,
        deps: standIns({ parse: () => new Promise(() => {}) }),
      });
      const empty = await addFile('');
      await runner.drain();
      assert.deepEqual((await state(slow.runId)).run.errors, [{ type: 'timeout', message: 'Processing took longer than 50 ms', httpCode: 504, dataCode: 'DATA0007' }]);
      assert.equal((await state(empty.runId)).run.errors?.length, 1);
      assert.equal((await state(empty.runId)).run.status, 'failed');
      assert.equal(((await state(empty.runId)).run.errors as Array<{ dataCode: string }>)[0]!.dataCode, 'DATA0006');
    });

    it('turns an unexpected error into DATA0009 without its internals, and a missing stored file into DATA0008', async () => {
      const broken = await addFile('boom');
      const gone = await addFile('gone');
      await rm(storage.path(gone.fileId));
      const runner = new IngestionRunner({
        db: handle.db,
        storage,
        deps: standIns({ index: async () => { throw new Error('connection refused at 10.0.0.7'); } }),
      });
      await runner.drain();
      assert.deepEqual((await state(broken.runId)).run.errors, [{ type: 'internal', message: 'Unexpected processing error', httpCode: 500, dataCode: 'DATA0009' }]);
      assert.equal(((await state(gone.runId)).run.errors as Array<{ dataCode: string }>)[0]!.dataCode, 'DATA0008');
      // Nothing of the failed index stays.
      const pages = await handle.db.selectFrom('document_pages').select('file_id').where('file_id', '=', broken.fileId).execute();
      assert.equal(pages.length, 0);
    });

    it('after a restart, completes a run left running with an expired lock, and leaves one with a live lock alone', async () => {
      const interrupted = await addFile('Interrupted text');
      const held = await addFile('Held elsewhere');
      // A runner claimed both and stopped (crash): running, attempts 1, one lock expired, one live.
      await handle.db
        .updateTable('ingestion_runs')
        .set({ status: 'running', attempts: 1, started_at: new Date(), locked_until: sql<Date>`now() - interval '1 minute'` })
        .where('id', '=', interrupted.runId)
        .execute();
      await handle.db
        .updateTable('ingestion_runs')
        .set({ status: 'running', attempts: 1, started_at: new Date(), locked_until: sql<Date>`now() + interval '10 minutes'` })
        .where('id', '=', held.runId)
        .execute();
      await handle.db.updateTable('files').set({ status: 'processing' }).where('id', 'in', [interrupted.fileId, held.fileId]).execute();
      // Pages of the first, broken-off try.
      await handle.db.insertInto('document_pages').values({ file_id: interrupted.fileId, page_number: 1, text: 'half', wordcount: 1, boxes: '[]' }).execute();

      const restarted = new IngestionRunner({ db: handle.db, storage, deps: standIns() });
      assert.equal(await restarted.drain(), 1);
      const { run, fileStatus } = await state(interrupted.runId);
      assert.equal(run.status, 'completed');
      assert.equal(run.attempts, 2);
      assert.equal(fileStatus, 'processed');
      const pages = await handle.db.selectFrom('document_pages').select('text').where('file_id', '=', interrupted.fileId).execute();
      assert.deepEqual(pages.map((p) => p.text), ['Interrupted text']);
      assert.equal((await state(held.runId)).run.status, 'running');
      // Clean up the held one so later tests see no waiting runs.
      await handle.db.updateTable('ingestion_runs').set({ status: 'completed', dataset_id: held.fileId, locked_until: null }).where('id', '=', held.runId).execute();
    });

    it('lets two runners at once process each run exactly once', async () => {
      const added = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => addFile(`doc ${n}`)));
      const a = standIns();
      const b = standIns();
      await Promise.all([
        new IngestionRunner({ db: handle.db, storage, deps: a }).drain(),
        new IngestionRunner({ db: handle.db, storage, deps: b }).drain(),
      ]);
      assert.deepEqual([...a.indexed, ...b.indexed].sort(), added.map((f) => f.fileId).sort());
      for (const file of added) assert.equal((await state(file.runId)).run.attempts, 1);
    });

    it('gives up on a run that brought its runner down too often', async () => {
      const poison = await addFile('poison');
      await handle.db
        .updateTable('ingestion_runs')
        .set({ status: 'running', attempts: 3, locked_until: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', poison.runId)
        .execute();
      const deps = standIns();
      await new IngestionRunner({ db: handle.db, storage, deps, maxAttempts: 3 }).drain();
      const { run } = await state(poison.runId);
      assert.equal(run.status, 'failed');
      assert.equal((run.errors as Array<{ dataCode: string }>)[0]!.dataCode, 'DATA0009');
      assert.deepEqual(deps.indexed, []);
    });

    it('with the real parser and indexer, makes pages and passages of a text file', async () => {
      const { fileId, runId } = await addFile('Die Reiserichtlinie gilt für alle Dienstreisen.\n\nTravel policy applies to every trip.');
      await new IngestionRunner({ db: handle.db, storage, deps: defaultIngestionDependencies }).drain();
      const { run } = await state(runId);
      assert.equal(run.status, 'completed', JSON.stringify(run.errors));
      const pages = await new FilesRepository(handle.db).pages(fileId);
      assert.equal(pages.length, 1);
      assert.match(pages[0]!.text, /Reiserichtlinie/);
      const passages = await handle.db.selectFrom('passages').select('id').where('file_id', '=', fileId).execute();
      assert.ok(passages.length > 0);
    });

    it('polls when started, picks up a nudge, and stops cleanly', async () => {
      const runner = new IngestionRunner({ db: handle.db, storage, deps: standIns(), pollMs: 20 });
      runner.start();
      const { runId } = await addFile('polled');
      runner.nudge();
      for (let i = 0; i < 100 && (await state(runId)).run.status !== 'completed'; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal((await state(runId)).run.status, 'completed');
      await runner.stop();
    });
  });
}
