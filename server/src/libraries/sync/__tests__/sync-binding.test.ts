import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { JobFailure } from '../../../jobs/job-queue';
import { LIBRARY_SYNC_JOB_KIND, LibrarySyncScheduler, librarySyncJobHandler, librarySyncJobKey } from '../library-sync-job';
import { ScriptedLibrary } from './support/scripted-library';
import { OWNER, startSyncKit, type SyncKit } from './support/sync-kit';

/**
 * The sync engine's delta path over a scripted library (Microsoft Graph's delta query cannot be
 * reached here; the full-scan paths run against a real WebDAV server in webdav-sync.test.ts).
 */
describe('library sync: delta scans', () => {
  const library = new ScriptedLibrary();
  let kit: SyncKit;
  before(async () => {
    library.put('a.txt', 'Alpha document about apples.').put('b.txt', 'Beta document about bananas.').put('c.txt', 'Gamma document about cherries.');
    kit = await startSyncKit(library);
  });
  after(() => kit.close());

  it('applies changes and deletions from the cursor, renames by id, and a 410 drops the cursor for a full scan', async () => {
    const a = library.entry('a.txt');
    const b = library.entry('b.txt');
    const c = library.entry('c.txt');
    library.delta.set(null, { pages: [{ kind: 'entries', entries: [a, b] }, { kind: 'entries', entries: [c] }], next: 'cursor-1' });
    await kit.sync();
    await kit.ingest();
    assert.equal((await kit.binding())?.cursor, 'cursor-1');
    assert.equal((await kit.files()).size, 3);

    // Changes since cursor-1: b renamed (same id, same content), c deleted, a changed, d new.
    library.move('b.txt', 'archive/b.txt');
    library.put('a.txt', 'Alpha document about apricots.');
    library.put('d.txt', 'Delta document about dates.');
    const before = library.downloads.length;
    library.delta.set('cursor-1', {
      pages: [
        { kind: 'entries', entries: [library.entry('archive/b.txt'), library.entry('a.txt')] },
        { kind: 'deleted', ids: [c.id, 'never-seen'] },
        { kind: 'entries', entries: [library.entry('d.txt')] },
      ],
      next: 'cursor-2',
    });
    const outcome = await kit.sync();
    assert.equal(outcome.outcome === 'done' && outcome.mode, 'delta');
    await kit.ingest();
    assert.deepEqual(library.downloads.slice(before).sort(), ['a.txt', 'd.txt']);
    const files = await kit.files();
    assert.deepEqual([...files.keys()], ['a.txt', 'archive/b.txt', 'd.txt']);
    assert.deepEqual(await kit.searchable('cherries'), []);
    assert.deepEqual(await kit.searchable('apricots'), ['a.txt']);
    assert.deepEqual(await kit.searchable('bananas'), ['archive/b.txt']);
    assert.equal((await kit.binding())?.cursor, 'cursor-2');
    // A delta's progress counts what changed, not the whole folder.
    assert.equal(((await kit.binding())?.progress as { files_total: number }).files_total, 3);

    // The change list expired (Graph answers 410): the cursor goes and the folder is listed in full;
    // nothing unchanged is fetched, and what the full listing lacks is removed.
    library.delta.set('cursor-2', 'resync');
    library.delta.set(null, { pages: [{ kind: 'entries', entries: [library.entry('a.txt'), library.entry('archive/b.txt')] }], next: 'cursor-3' });
    const fetched = library.downloads.length;
    const resynced = await kit.sync();
    assert.equal(resynced.outcome === 'done' && resynced.mode, 'full');
    assert.equal(library.downloads.length, fetched);
    assert.deepEqual([...(await kit.files()).keys()], ['a.txt', 'archive/b.txt']);
    assert.equal((await kit.binding())?.cursor, 'cursor-3');
  });

  it('a library answering garbage fails the sync with its message; the next sync resumes from the same cursor', async () => {
    const cursor = (await kit.binding())?.cursor;
    library.delta.delete(cursor ?? null);
    const handler = librarySyncJobHandler(kit.deps);
    const job = { id: 'job', kind: LIBRARY_SYNC_JOB_KIND, payload: { binding_id: kit.bindingId }, owner: OWNER, attempt: 1, signal: new AbortController().signal };
    await assert.rejects(handler.run(job), (error: Error) => error instanceof JobFailure && /not a change list/.test(error.message));
    const failed = await kit.binding();
    assert.equal(failed?.state, 'failed');
    assert.equal(failed?.problem, 'The library answered something that is not a change list');
    assert.equal(failed?.cursor, cursor, 'the cursor is kept');

    library.put('e.txt', 'Epsilon document about elderberries.');
    library.delta.set(cursor ?? null, { pages: [{ kind: 'entries', entries: [library.entry('e.txt')] }], next: 'cursor-4' });
    const outcome = (await handler.run(job)) as { outcome: string; mode: string };
    assert.deepEqual([outcome.outcome, outcome.mode], ['done', 'delta']);
    const recovered = await kit.binding();
    assert.equal(recovered?.state, 'idle');
    assert.equal(recovered?.problem, null);
    assert.ok((await kit.files()).has('e.txt'));
  });
});

describe('library sync: the scheduler', () => {
  let kit: SyncKit;
  before(async () => {
    kit = await startSyncKit(new ScriptedLibrary());
  });
  after(() => kit.close());

  it('asks once for each due binding that is not paused and whose library needs no new sign-in, then not before the interval', async () => {
    const { db, bindingId, connectionId, collectionId } = kit;
    const bind = async (folder: string, state: 'idle' | 'paused' | 'failed', next: Date | null) => {
      const id = randomUUID();
      await db
        .insertInto('library_bindings')
        .values({ id, connection_id: connectionId, collection_id: collectionId, folder_id: folder, folder_path: folder, state, created_by: OWNER, next_sync_at: next })
        .execute();
      return id;
    };
    const past = new Date(Date.now() - 60_000);
    const failed = await bind('Failed', 'failed', past);
    const paused = await bind('Paused', 'paused', past);
    const later = await bind('Later', 'idle', new Date(Date.now() + 60 * 60_000));
    let nudges = 0;
    const scheduler = new LibrarySyncScheduler({ db, intervalMs: 30 * 60_000, nudge: () => void nudges++ });

    assert.equal(await scheduler.tick(), 2, 'the kit binding (never synced) and the failed one');
    assert.equal(nudges, 1);
    const pending = await db.selectFrom('jobs').select('key').where('kind', '=', LIBRARY_SYNC_JOB_KIND).where('status', '=', 'pending').orderBy('key').execute();
    assert.deepEqual(pending.map((job) => job.key).sort(), [librarySyncJobKey(bindingId), librarySyncJobKey(failed)].sort());
    const next = await db.selectFrom('library_bindings').select(['id', 'next_sync_at']).where('id', 'in', [bindingId, paused, later]).execute();
    assert.ok(next.find((row) => row.id === bindingId)!.next_sync_at! > new Date(Date.now() + 29 * 60_000), 'moved on by the interval');
    assert.equal(await scheduler.tick(), 0, 'not due again yet');

    // A library that waits for a new sign-in is left alone until it is signed in again.
    await db.updateTable('library_bindings').set({ next_sync_at: past }).where('id', '=', later).execute();
    await db.updateTable('library_connections').set({ state: 'needs-sign-in' }).where('id', '=', connectionId).execute();
    assert.equal(await scheduler.tick(), 0);
    await db.updateTable('library_connections').set({ state: 'connected' }).where('id', '=', connectionId).execute();
    assert.equal(await scheduler.tick(), 1);
  });
});
