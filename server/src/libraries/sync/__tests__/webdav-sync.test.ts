import assert from 'node:assert/strict';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  apiErrorSchema,
  collectionSummarySchema,
  libraryBindingListResponseSchema,
  libraryBindingSchema,
  libraryConnectionSchema,
  libraryItemsPageSchema,
  type LibraryItem,
} from '@assistant/contracts';
import { pino } from 'pino';
import { makeCorruptPdf } from '../../../../../tests/fixtures/documents/make-documents';
import { FilesRepository } from '../../../db/repositories/files-repository';
import { documentWindows } from '../../../grounding/source-windows';
import { defaultIngestionDependencies } from '../../../ingestion/default-dependencies';
import { FileStorage } from '../../../ingestion/file-storage';
import { ingestionJobRunner } from '../../../ingestion/ingestion-job';
import { JobQueue } from '../../../jobs/job-queue';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { until } from '../../../testing/until';
import { startTestWebdavServer, webdavServerMissing, type TestWebdavServer } from '../../../testing/webdav-server';
import type { LibrarySession } from '../../connector';
import { librariesFromConfig } from '../../libraries-from-config';
import { LibraryDocuments } from '../library-documents';
import { LIBRARY_SYNC_JOB_KIND, librarySyncJobKey, librarySyncJobRunner, requestLibrarySync } from '../library-sync-job';
import { LibrarySyncStore } from '../library-sync-store';

/**
 * Bound folders synced from a real WebDAV server (rclone) through the API and the sync jobs: what
 * a user sees in the collection, in search and in the binding's items after each kind of change.
 */
describe('library sync against a real WebDAV server', { skip: webdavServerMissing() }, () => {
  let t: TestApp;
  let dav: TestWebdavServer;
  let dataDir: string;
  let storage: FileStorage;
  let libraryId: string;
  let collectionId: string;
  let bindingId: string;
  const calls = { scans: 0, downloads: [] as string[] };
  let onDownload: (() => void | Promise<unknown>) | undefined;

  before(async () => {
    dav = await startTestWebdavServer();
    await dav.put('Team/Policies/travel.txt', 'The travel policy covers trains and flights.');
    await dav.put('Team/Policies/leave.md', '# Leave\n\nEvery employee has thirty days of leave.');
    await dav.put('Team/readme.txt', 'Folder overview for the handbook.');
    await dav.put('Team/video.mp4', 'not really a video');
    await dav.put('Team/huge.txt', 'x'.repeat(5000));
    await dav.put('Team/scan.pdf', makeCorruptPdf());
    await dav.put('Team/fake.pdf', 'plain text named like a PDF');
    await dav.put('Other/elsewhere.txt', 'Not in the bound folder.');
    dataDir = await mkdtemp(join(tmpdir(), 'assistant-webdav-sync-'));
    storage = new FileStorage(dataDir);
    // Uploads may be 4 KB here (MAX_FILE_UPLOAD_MB counts MB of 1024 x 1024 bytes).
    t = await startTestApp(undefined, { env: { LIBRARY_ALLOWED_HOSTS: '127.0.0.1', DATA_DIR: dataDir, MAX_FILE_UPLOAD_MB: String(4096 / 1024 / 1024) } });
    const connected = await t.as('employee', {
      method: 'POST',
      url: '/api/libraries',
      payload: { kind: 'webdav', name: 'Team cloud', url: dav.url, username: dav.username, app_password: dav.password },
    });
    assert.equal(connected.statusCode, 201, connected.body);
    libraryId = libraryConnectionSchema.parse(connected.json()).id;
    const collection = await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Team' } });
    collectionId = collectionSummarySchema.parse(collection.json()).id;
  });
  after(async () => {
    await t.close();
    await dav.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The sync jobs as main.ts runs them, with each session's scans and downloads counted. */
  async function runner(options: { leaseMs?: number; concurrency?: number } = {}) {
    const log = pino({ level: 'silent' });
    const { sessions } = await librariesFromConfig(t.config, t.db, log);
    const limits = { maxFileBytes: 4096, maxAudioBytes: 4096 };
    return librarySyncJobRunner({
      db: t.db,
      store: new LibrarySyncStore(t.db),
      documents: new LibraryDocuments({ db: t.db, files: new FilesRepository(t.db), storage, limits }),
      openSession: async (binding) => {
        const session = (await sessions.openForSync(binding.connection_id))?.session;
        return session && counted(session);
      },
      limits,
      nudgeIngestion: () => {},
      intervalMs: 60_000,
      pollMs: 20,
      ...options,
    });
  }

  function counted(session: LibrarySession): LibrarySession {
    return {
      verify: (signal) => session.verify(signal),
      listFolders: (folder, signal) => session.listFolders(folder, signal),
      scan: (...args) => {
        calls.scans += 1;
        return session.scan(...args);
      },
      download: async (entry, ...rest) => {
        calls.downloads.push(entry.path);
        await onDownload?.();
        return session.download(entry, ...rest);
      },
    };
  }

  const syncNow = async () => {
    const answer = await t.as('employee', { method: 'POST', url: `/api/library-bindings/${bindingId}/sync` });
    assert.equal(answer.statusCode, 202, answer.body);
    await (await runner()).drain();
    await ingestionJobRunner({ db: t.db, storage, deps: defaultIngestionDependencies }).drain();
  };
  const binding = async () => libraryBindingSchema.parse((await t.as('employee', { method: 'GET', url: `/api/library-bindings/${bindingId}` })).json());
  const items = async (): Promise<Map<string, LibraryItem>> => {
    const page = libraryItemsPageSchema.parse((await t.as('employee', { method: 'GET', url: `/api/library-bindings/${bindingId}/items` })).json());
    return new Map(page.items.map((item) => [item.path, item]));
  };
  const fileNames = async () =>
    (await t.db.selectFrom('files').select('name').where('collection_id', '=', collectionId).orderBy('name').execute()).map((row) => row.name);
  const searchable = async (word: string) =>
    (
      await t.db
        .selectFrom('passages as p')
        .innerJoin('files as f', 'f.id', 'p.file_id')
        .select('f.name')
        .distinct()
        .where('p.collection_id', '=', collectionId)
        .where('p.text', 'ilike', `%${word}%`)
        .execute()
    ).map((row) => row.name);

  it('binds a folder and imports it: progress, skips and failures with reasons, sources that link home', async () => {
    const created = await t.as('employee', {
      method: 'POST',
      url: `/api/libraries/${libraryId}/bindings`,
      payload: { collection_id: collectionId, folders: [{ id: '/Team', path: 'Team' }] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const [bound] = libraryBindingListResponseSchema.parse(created.json()).bindings;
    bindingId = bound!.id;
    assert.equal(bound!.collection_name, 'Team');
    assert.deepEqual(bound!.folder, { id: '/Team', name: 'Team', path: 'Team' });

    await (await runner()).drain();
    await ingestionJobRunner({ db: t.db, storage, deps: defaultIngestionDependencies }).drain();
    assert.deepEqual(calls.downloads.sort(), ['Policies/leave.md', 'Policies/travel.txt', 'fake.pdf', 'readme.txt', 'scan.pdf']);
    assert.deepEqual(await fileNames(), ['Policies/leave.md', 'Policies/travel.txt', 'readme.txt', 'scan.pdf']);
    assert.deepEqual(await searchable('trains'), ['Policies/travel.txt']);

    const state = await binding();
    assert.equal(state.state, 'idle');
    assert.ok(state.last_synced_at && state.next_sync_at);
    // The corrupt PDF's ingestion failed after the sync: it counts among the failures now.
    assert.deepEqual({ ...state.progress, bytes_total: undefined, bytes_done: undefined }, {
      files_total: 7,
      files_done: 7,
      files_skipped: 2,
      files_failed: 2,
      bytes_total: undefined,
      bytes_done: undefined,
    });
    assert.ok(state.progress!.bytes_done > 0 && state.progress!.bytes_done === state.progress!.bytes_total);

    // Failures (with the ingestion's DATA code) and skips first, then the rest by path.
    const page = libraryItemsPageSchema.parse((await t.as('employee', { method: 'GET', url: `/api/library-bindings/${bindingId}/items` })).json());
    assert.deepEqual(
      page.items.map((item) => [item.path, item.state, item.skip_reason ?? item.error_code]),
      [
        ['fake.pdf', 'failed', 'DATA0001'],
        ['scan.pdf', 'failed', 'DATA0004'],
        ['huge.txt', 'skipped', 'too-large'],
        ['video.mp4', 'skipped', 'unsupported-type'],
        ['Policies/leave.md', 'imported', null],
        ['Policies/travel.txt', 'imported', null],
        ['readme.txt', 'imported', null],
      ],
    );
    assert.equal(page.next_cursor, null);
    // The original's WebDAV address, on the file and on its item.
    const travel = page.items.find((item) => item.path === 'Policies/travel.txt')!;
    assert.equal(travel.source_url, `${dav.url}Team/Policies/travel.txt`);
    const file = await t.db.selectFrom('files').select('source_url').where('id', '=', travel.file_id!).executeTakeFirstOrThrow();
    assert.equal(file.source_url, travel.source_url);
    // A grounded answer's source from it links there (grounding/judge-sources.ts builds its URL from the window).
    const [window] = await documentWindows(t.db, travel.file_id!, { maxCharacters: 4000 });
    assert.equal(window?.originalUrl, travel.source_url);
  });

  it('an unchanged folder is listed again and nothing is fetched', async () => {
    const fetched = calls.downloads.length;
    const scans = calls.scans;
    await syncNow();
    assert.equal(calls.scans, scans + 1);
    assert.equal(calls.downloads.length, fetched);
    const now = await items();
    assert.equal(now.get('Policies/travel.txt')?.state, 'unchanged');
    assert.equal(now.get('scan.pdf')?.state, 'failed', 'a file whose ingestion failed is not fetched again while it does not change');
    assert.equal(now.get('scan.pdf')?.error_code, 'DATA0004');
  });

  it('a changed file is fetched and ingested again; a deleted one leaves search; a renamed one keeps its document', async () => {
    const leaveId = (await items()).get('Policies/leave.md')!.file_id;
    await dav.put('Team/Policies/travel.txt', 'The travel policy now covers bicycles only.');
    await rm(join(dav.root, 'Team', 'readme.txt'));
    await rename(join(dav.root, 'Team', 'Policies', 'leave.md'), join(dav.root, 'Team', 'leave-policy.md'));
    const fetched = calls.downloads.length;
    await syncNow();
    assert.deepEqual(calls.downloads.slice(fetched), ['Policies/travel.txt']);
    assert.deepEqual(await fileNames(), ['Policies/travel.txt', 'leave-policy.md', 'scan.pdf']);
    assert.deepEqual(await searchable('bicycles'), ['Policies/travel.txt']);
    assert.deepEqual(await searchable('trains'), []);
    assert.deepEqual(await searchable('overview'), []);
    const now = await items();
    assert.equal(now.get('readme.txt')?.state, 'removed');
    assert.equal(now.get('leave-policy.md')?.file_id, leaveId, 'the renamed file keeps its document');
    assert.equal(now.get('leave-policy.md')?.state, 'unchanged');
  });

  it('asking twice while a sync waits makes one sync; pause stops it at the next file, resume finishes it', async () => {
    for (let i = 1; i <= 6; i++) await dav.put(`Team/notes/note-${i}.txt`, `Note number ${i}.`);
    const queue = new JobQueue(t.db);
    assert.equal(await requestLibrarySync(queue, { id: bindingId, created_by: 'employee' }), true);
    assert.equal(await requestLibrarySync(queue, { id: bindingId, created_by: 'employee' }), false, 'the waiting sync is the one asked for');
    const jobs = await t.db.selectFrom('jobs').select('status').where('key', '=', librarySyncJobKey(bindingId)).execute();
    assert.deepEqual(jobs, [{ status: 'pending' }]);

    const fetched = calls.downloads.length;
    // One file at a time, so that "the next file" is one.
    onDownload = async () => {
      if (calls.downloads.length - fetched === 2) await t.as('employee', { method: 'POST', url: `/api/library-bindings/${bindingId}/pause` });
    };
    await (await runner({ concurrency: 1 })).drain();
    onDownload = undefined;
    const paused = await binding();
    assert.equal(paused.state, 'paused');
    assert.equal(paused.next_sync_at, null);
    const first = calls.downloads.length - fetched;
    assert.equal(first, 2, 'stopped before the next file');
    const refused = await t.as('employee', { method: 'POST', url: `/api/library-bindings/${bindingId}/sync` });
    assert.equal(refused.statusCode, 409);
    assert.equal(apiErrorSchema.parse(refused.json()).code, 'conflict');

    const resumed = await t.as('employee', { method: 'POST', url: `/api/library-bindings/${bindingId}/resume` });
    assert.equal(resumed.statusCode, 200, resumed.body);
    await (await runner()).drain();
    assert.equal(new Set(calls.downloads.slice(fetched)).size, 6);
    assert.equal(calls.downloads.length - fetched, 6, 'no file fetched twice');
    assert.equal((await binding()).state, 'idle');
  });

  it('a sync stopped by a restart is resumed by the next runner without fetching again', async () => {
    for (let i = 1; i <= 6; i++) await dav.put(`Team/notes/note-${i}.txt`, `Note number ${i}, revised.`);
    await requestLibrarySync(new JobQueue(t.db), { id: bindingId, created_by: 'employee' });
    const fetched = calls.downloads.length;
    const first = await runner({ leaseMs: 300, concurrency: 1 });
    let stopping: Promise<void> | undefined;
    onDownload = () => {
      if (calls.downloads.length - fetched === 3) stopping = first.stop();
    };
    first.start();
    await until(() => stopping !== undefined, 10_000);
    await stopping;
    onDownload = undefined;
    assert.equal((await binding()).state, 'syncing', 'the stopped sync is left to the next claim');
    const job = await t.db.selectFrom('jobs').select(['status', 'kind']).where('key', '=', librarySyncJobKey(bindingId)).executeTakeFirstOrThrow();
    assert.deepEqual(job, { status: 'running', kind: LIBRARY_SYNC_JOB_KIND });

    await new Promise((resolve) => setTimeout(resolve, 350)); // its lease runs out
    await (await runner({ leaseMs: 300, concurrency: 1 })).drain();
    const all = calls.downloads.slice(fetched);
    assert.equal(new Set(all).size, 6);
    assert.ok(all.length <= 7, `at most the file in flight is fetched again (${all.length})`);
    assert.equal((await binding()).state, 'idle');
  });

  it('is reached only through its library: 404 for anyone else; folders bound once; scopes kept apart', async () => {
    for (const url of [`/api/library-bindings/${bindingId}`, `/api/library-bindings/${bindingId}/items`, `/api/libraries/${libraryId}/bindings`]) {
      assert.equal((await t.as('admin', { method: 'GET', url })).statusCode, 404, url);
    }
    for (const action of ['sync', 'pause', 'resume']) {
      assert.equal((await t.as('admin', { method: 'POST', url: `/api/library-bindings/${bindingId}/${action}` })).statusCode, 404, action);
    }
    assert.equal((await t.as('admin', { method: 'DELETE', url: `/api/library-bindings/${bindingId}` })).statusCode, 404);
    const again = await t.as('employee', {
      method: 'POST',
      url: `/api/libraries/${libraryId}/bindings`,
      payload: { collection_id: collectionId, folders: [{ id: '/Team', path: 'Team' }] },
    });
    assert.equal(again.statusCode, 409);
    const company = collectionSummarySchema.parse((await t.as('admin', { method: 'POST', url: '/api/collections', payload: { name: 'Company', scope: 'company' } })).json());
    const mixed = await t.as('employee', {
      method: 'POST',
      url: `/api/libraries/${libraryId}/bindings`,
      payload: { collection_id: company.id, folders: [{ id: '/Other', path: 'Other' }] },
    });
    assert.equal(mixed.statusCode, 400, 'a personal library feeds personal collections');
    const cursor = await t.as('employee', { method: 'GET', url: `/api/library-bindings/${bindingId}/items?cursor=bogus` });
    assert.equal(cursor.statusCode, 400);
  });

  it('disconnecting with documents=remove takes the imported files out of the collection and search', async () => {
    assert.ok((await fileNames()).length > 0);
    const gone = await t.as('employee', { method: 'DELETE', url: `/api/libraries/${libraryId}?documents=remove` });
    assert.equal(gone.statusCode, 204, gone.body);
    assert.deepEqual(await fileNames(), []);
    assert.deepEqual(await searchable('bicycles'), []);
    assert.equal((await t.as('employee', { method: 'GET', url: `/api/library-bindings/${bindingId}` })).statusCode, 404);
  });
});
