import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, type DatabaseHandle } from '../../db/database';
import { migrations } from '../../db/migrations/index';
import { CollectionsRepository } from '../../db/repositories/collections-repository';
import { FilesRepository } from '../../db/repositories/files-repository';
import { INGESTION_JOB_KIND, IngestionRunsRepository } from '../../db/repositories/ingestion-runs-repository';
import { JobQueue } from '../../jobs/job-queue';
import { testDatabaseTargets } from '../../testing/test-databases';
import { until } from '../../testing/until';
import { DocumentParseError, type ParsedDocument } from '../document-model';
import { defaultIngestionDependencies } from '../default-dependencies';
import { FileStorage } from '../file-storage';
import { ingestionJobRunner, type IngestionDependencies } from '../ingestion-job';

const viewer = { sub: 'employee', isAdmin: false, groups: [] };

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
  describe(`ingestion jobs on ${target.name}`, () => {
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
    /** A file and its run as they were before migration 0020: no job. */
    async function addFileWithoutJob(content: string) {
      const added = await addFile(content);
      await handle.db.deleteFrom('jobs').where('key', '=', `${INGESTION_JOB_KIND}:${added.runId}`).execute();
      return added;
    }
    async function state(runId: string) {
      const run = await handle.db.selectFrom('ingestion_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
      const file = await handle.db.selectFrom('files').select('status').where('id', '=', run.file_id).executeTakeFirstOrThrow();
      const job = await handle.db.selectFrom('jobs').selectAll().where('key', '=', `${INGESTION_JOB_KIND}:${runId}`).executeTakeFirstOrThrow();
      return { run, fileStatus: file.status, job };
    }
    /** What a runner leaves behind when it claimed a run's job and stopped or died: both `running`. */
    async function leftClaimed(runId: string, attempts: number, lease: 'expired' | 'live') {
      const lockedUntil = lease === 'expired' ? sql<Date>`now() - interval '1 minute'` : sql<Date>`now() + interval '10 minutes'`;
      await handle.db.updateTable('jobs').set({ status: 'running', attempts, locked_until: lockedUntil }).where('key', '=', `${INGESTION_JOB_KIND}:${runId}`).execute();
      await handle.db.updateTable('ingestion_runs').set({ status: 'running', attempts, started_at: new Date() }).where('id', '=', runId).execute();
    }

    it('enqueues a job with each run, and takes the run to completed, with the file id as dataset and the file processed', async () => {
      const { fileId, runId } = await addFile('Hello world');
      const waiting = await state(runId);
      assert.deepEqual([waiting.run.status, waiting.job.kind, waiting.job.status, waiting.job.owner_id], ['created', 'ingestion', 'pending', viewer.sub]);
      assert.deepEqual(waiting.job.payload, { run_id: runId });
      const deps = standIns();
      const runner = ingestionJobRunner({ db: handle.db, storage, deps });
      await runner.drain();
      const { run, fileStatus, job } = await state(runId);
      assert.equal(run.status, 'completed');
      assert.equal(run.dataset_id, fileId);
      assert.equal(run.attempts, 1);
      assert.ok(run.started_at && run.finished_at);
      assert.equal(fileStatus, 'processed');
      assert.deepEqual(deps.indexed, [fileId]);
      assert.deepEqual([job.status, job.result, job.locked_until], ['completed', { run_id: runId, pages: 1 }, null]);
      const page = await new IngestionRunsRepository(handle.db).findVisible(runId, viewer);
      assert.deepEqual(page?.output, { datasetId: fileId });
      await runner.drain();
      assert.deepEqual(deps.indexed, [fileId], 'nothing left');
    });

    it('records the DATA code and message of a failed parse, and the file as processing-failed', async () => {
      const { runId } = await addFile('locked');
      const runner = ingestionJobRunner({
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
      const runner = ingestionJobRunner({
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
      const runner = ingestionJobRunner({
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

    it('after a restart, completes a run whose job was left running with an expired lease, and leaves one with a live lease alone', async () => {
      const interrupted = await addFile('Interrupted text');
      const held = await addFile('Held elsewhere');
      // A runner claimed both and stopped (crash): running, attempts 1, one lease expired, one live.
      await leftClaimed(interrupted.runId, 1, 'expired');
      await leftClaimed(held.runId, 1, 'live');
      await handle.db.updateTable('files').set({ status: 'processing' }).where('id', 'in', [interrupted.fileId, held.fileId]).execute();
      // Pages of the first, broken-off try.
      await handle.db.insertInto('document_pages').values({ file_id: interrupted.fileId, page_number: 1, text: 'half', wordcount: 1, boxes: '[]' }).execute();

      const deps = standIns();
      await ingestionJobRunner({ db: handle.db, storage, deps }).drain();
      assert.deepEqual(deps.indexed, [interrupted.fileId]);
      const { run, fileStatus, job } = await state(interrupted.runId);
      assert.equal(run.status, 'completed');
      assert.equal(run.attempts, 2);
      assert.equal(job.status, 'completed');
      assert.equal(fileStatus, 'processed');
      const pages = await handle.db.selectFrom('document_pages').select('text').where('file_id', '=', interrupted.fileId).execute();
      assert.deepEqual(pages.map((p) => p.text), ['Interrupted text']);
      assert.equal((await state(held.runId)).run.status, 'running');
      // Clean up the held one so later tests see no waiting runs.
      await handle.db.updateTable('ingestion_runs').set({ status: 'completed', dataset_id: held.fileId }).where('id', '=', held.runId).execute();
      await handle.db.updateTable('jobs').set({ status: 'completed', locked_until: null }).where('key', '=', `${INGESTION_JOB_KIND}:${held.runId}`).execute();
    });

    it('picks up again, once its lease ran out, a job left claimed by a process that died', async () => {
      const { fileId, runId } = await addFile('Taken over');
      // The dead process: it claimed the job (a 300 ms lease), started the run, and was never heard of again.
      const claimed = await new JobQueue(handle.db).claim([INGESTION_JOB_KIND], 300);
      assert.deepEqual(claimed?.payload, { run_id: runId });
      await new IngestionRunsRepository(handle.db).start(runId, claimed!.attempts);

      const deps = standIns();
      const runner = ingestionJobRunner({ db: handle.db, storage, deps, leaseMs: 300, pollMs: 20 });
      runner.start();
      try {
        // While the lease holds, the run is the dead process's.
        await new Promise((r) => setTimeout(r, 100));
        assert.deepEqual(deps.indexed, []);
        assert.equal((await state(runId)).run.attempts, 1);
        await until(async () => (await state(runId)).run.status === 'completed');
      } finally {
        await runner.stop();
      }
      const { run, job, fileStatus } = await state(runId);
      assert.deepEqual([run.attempts, job.attempts, job.status, fileStatus], [2, 2, 'completed', 'processed']);
      assert.deepEqual(deps.indexed, [fileId]);
    });

    it('leaves the run of a stopping runner to the next claim of its job', async () => {
      const { fileId, runId } = await addFile('Stopped midway');
      const stopping = ingestionJobRunner({
        db: handle.db,
        storage,
        leaseMs: 300,
        pollMs: 20,
        deps: standIns({ parse: (_bytes, _type, options) => new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted')))) }),
      });
      stopping.start();
      await until(async () => (await state(runId)).run.status === 'running');
      await stopping.stop();
      const left = await state(runId);
      assert.deepEqual([left.run.status, left.job.status, left.run.errors], ['running', 'running', null]);

      const deps = standIns();
      const next = ingestionJobRunner({ db: handle.db, storage, deps, leaseMs: 300, pollMs: 20 });
      next.start();
      try {
        await until(async () => (await state(runId)).run.status === 'completed');
      } finally {
        await next.stop();
      }
      assert.equal((await state(runId)).run.attempts, 2);
      assert.deepEqual(deps.indexed, [fileId]);
    });

    it('lets two runners at once process each run exactly once', async () => {
      const added = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => addFile(`doc ${n}`)));
      const a = standIns();
      const b = standIns();
      await Promise.all([
        ingestionJobRunner({ db: handle.db, storage, deps: a }).drain(),
        ingestionJobRunner({ db: handle.db, storage, deps: b }).drain(),
      ]);
      assert.deepEqual([...a.indexed, ...b.indexed].sort(), added.map((f) => f.fileId).sort());
      for (const file of added) assert.equal((await state(file.runId)).run.attempts, 1);
    });

    it('gives up on a run that brought its runner down too often', async () => {
      const poison = await addFile('poison');
      await leftClaimed(poison.runId, 3, 'expired');
      const deps = standIns();
      await ingestionJobRunner({ db: handle.db, storage, deps, maxAttempts: 3 }).drain();
      const { run, job } = await state(poison.runId);
      assert.equal(run.status, 'failed');
      assert.deepEqual((run.errors as Array<{ dataCode: string; message: string }>)[0], { type: 'internal', message: 'Gave up after 3 attempts', httpCode: 500, dataCode: 'DATA0009' });
      assert.deepEqual([job.status, job.result], ['completed', { run_id: poison.runId, failed: 'DATA0009' }]);
      assert.deepEqual(deps.indexed, []);
    });

    it('with the real parser and indexer, makes pages and passages of a text file', async () => {
      const { fileId, runId } = await addFile('Die Reiserichtlinie gilt für alle Dienstreisen.\n\nTravel policy applies to every trip.');
      await ingestionJobRunner({ db: handle.db, storage, deps: defaultIngestionDependencies }).drain();
      const { run } = await state(runId);
      assert.equal(run.status, 'completed', JSON.stringify(run.errors));
      const pages = await new FilesRepository(handle.db).pages(fileId);
      assert.equal(pages.length, 1);
      assert.match(pages[0]!.text, /Reiserichtlinie/);
      const passages = await handle.db.selectFrom('passages').select('id').where('file_id', '=', fileId).execute();
      assert.ok(passages.length > 0);
    });

    it('polls when started, picks up a nudge, and stops cleanly', async () => {
      const runner = ingestionJobRunner({ db: handle.db, storage, deps: standIns(), pollMs: 20 });
      runner.start();
      const { runId } = await addFile('polled');
      runner.nudge();
      for (let i = 0; i < 100 && (await state(runId)).run.status !== 'completed'; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal((await state(runId)).run.status, 'completed');
      await runner.stop();
    });

    it('moves the work an ingestion runner of its own left waiting onto jobs (migration 0020)', async () => {
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
      // Files added while the repository's columns exist (later migrations add some), without jobs.
      const waiting = await addFileWithoutJob('waiting');
      const interrupted = await addFileWithoutJob('interrupted');
      const held = await addFileWithoutJob('held');
      // Back to before 0020: the later migrations are undone first, 0020 last.
      const down = await migrator.migrateTo('0019-message-attachments-and-tool-servers');
      assert.equal(down.error, undefined);
      const undone = down.results?.map((r) => [r.migrationName, r.status]) ?? [];
      assert.deepEqual(undone.at(-1), ['0020-ingestion-jobs', 'Success']);
      assert.ok(undone.every(([, status]) => status === 'Success'), JSON.stringify(undone));
      // As the runner of the ingestion_runs table left them: waiting, interrupted (lock expired), held elsewhere.
      await sql`update ingestion_runs set status = 'running', attempts = 1, locked_until = now() - interval '1 minute' where id = ${interrupted.runId}`.execute(handle.db);
      await sql`update ingestion_runs set status = 'running', attempts = 1, locked_until = now() + interval '10 minutes' where id = ${held.runId}`.execute(handle.db);

      await migrateToLatest(handle.db);
      const jobs = await Promise.all([waiting, interrupted, held].map(async (f) => (await state(f.runId)).job));
      assert.deepEqual(jobs.map((j) => [j.status, j.attempts, j.owner_id]), [['pending', 0, viewer.sub], ['running', 1, viewer.sub], ['running', 1, viewer.sub]]);
      const deps = standIns();
      await ingestionJobRunner({ db: handle.db, storage, deps }).drain();
      assert.deepEqual(deps.indexed.sort(), [waiting.fileId, interrupted.fileId].sort());
      assert.equal((await state(held.runId)).run.status, 'running');
    });
  });
}
