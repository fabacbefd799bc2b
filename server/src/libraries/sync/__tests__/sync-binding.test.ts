import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeCorruptPdf } from '../../../../../tests/fixtures/documents/make-documents';
import { ScriptedLibrary } from './support/scripted-library';
import { startSyncKit, type SyncKit } from './support/sync-kit';

/**
 * The sync engine over a library double: what each kind of change in the folder does to the
 * collection, search and the items, and how a sync stops and resumes.
 */
describe('library sync: full scans', () => {
  const library = new ScriptedLibrary({ stableIds: false });
  let kit: SyncKit;
  before(async () => {
    library
      .put('Policies/travel.txt', 'The travel policy covers trains and flights.')
      .put('Policies/leave.md', '# Leave\n\nEvery employee has thirty days of leave.')
      .put('readme.txt', 'Folder overview for the handbook.')
      .put('huge.txt', 'x'.repeat(3000))
      .put('setup.exe', 'MZ binary')
      .put('scan.pdf', Buffer.from(makeCorruptPdf()))
      .put('fake.pdf', 'plain text named like a PDF');
    kit = await startSyncKit(library, { limits: { maxFileBytes: 2048 } });
  });
  after(() => kit.close());

  it('imports a folder: files become collection files with their original, skips and failures say why', async () => {
    const outcome = await kit.sync();
    assert.equal(outcome.outcome, 'done');
    assert.deepEqual(library.downloads.sort(), ['Policies/leave.md', 'Policies/travel.txt', 'fake.pdf', 'readme.txt', 'scan.pdf']);
    await kit.ingest();

    const items = await kit.items();
    assert.equal(items.get('huge.txt')?.state, 'skipped');
    assert.equal(items.get('huge.txt')?.skip_reason, 'too-large');
    assert.equal(items.get('setup.exe')?.skip_reason, 'unsupported-type');
    assert.equal(items.get('fake.pdf')?.state, 'failed');
    assert.equal(items.get('fake.pdf')?.error_code, 'DATA0001');
    assert.equal(items.get('scan.pdf')?.state, 'failed', 'the ingestion failure reaches the item');
    assert.equal(items.get('scan.pdf')?.error_code, 'DATA0004');
    assert.equal(items.get('Policies/travel.txt')?.state, 'imported');

    const files = await kit.files();
    assert.deepEqual([...files.keys()], ['Policies/leave.md', 'Policies/travel.txt', 'readme.txt', 'scan.pdf']);
    assert.equal(files.get('Policies/travel.txt')?.source_url, 'https://cloud.example.com/f/Policies%2Ftravel.txt');
    assert.deepEqual(await kit.searchable('trains'), ['Policies/travel.txt']);

    const binding = await kit.binding();
    assert.equal(binding?.state, 'idle');
    assert.ok(binding?.last_synced_at && binding.next_sync_at && binding.next_sync_at > binding.last_synced_at);
    // At the sync's end: the PDF's ingestion had not failed yet; the fake PDF failed on its way in.
    const imported = sizeOf(library, ['Policies/leave.md', 'Policies/travel.txt', 'readme.txt', 'scan.pdf']);
    assert.deepEqual(binding?.progress, { files_total: 7, files_done: 7, files_skipped: 2, files_failed: 1, bytes_total: imported, bytes_done: imported });
  });

  it('an unchanged folder fetches nothing again', async () => {
    const before = library.downloads.length;
    await kit.sync();
    assert.equal(library.downloads.length, before);
    const items = await kit.items();
    assert.equal(items.get('Policies/travel.txt')?.state, 'unchanged');
    assert.equal(items.get('huge.txt')?.state, 'skipped');
    assert.equal(items.get('scan.pdf')?.state, 'failed', 'a file whose ingestion failed is not fetched again while it does not change');
  });

  it('a changed file is ingested again and replaces its old version in search', async () => {
    const old = (await kit.files()).get('Policies/travel.txt')!;
    library.put('Policies/travel.txt', 'The travel policy now covers bicycles.');
    const before = library.downloads.length;
    await kit.sync();
    assert.deepEqual(library.downloads.slice(before), ['Policies/travel.txt']);
    await kit.ingest();
    const now = (await kit.files()).get('Policies/travel.txt')!;
    assert.notEqual(now.id, old.id);
    assert.equal(now.version, 2);
    assert.deepEqual(await kit.searchable('bicycles'), ['Policies/travel.txt']);
    assert.deepEqual(await kit.searchable('trains'), []);
  });

  it('a renamed or moved file keeps its document: new name, nothing fetched', async () => {
    const old = (await kit.files()).get('Policies/leave.md')!;
    library.move('Policies/leave.md', 'HR/leave.md');
    const before = library.downloads.length;
    await kit.sync();
    assert.equal(library.downloads.length, before);
    const files = await kit.files();
    assert.equal(files.get('HR/leave.md')?.id, old.id);
    assert.equal(files.has('Policies/leave.md'), false);
    assert.deepEqual(await kit.searchable('thirty'), ['HR/leave.md']);
    const items = await kit.items();
    assert.equal(items.get('HR/leave.md')?.state, 'unchanged');
    assert.equal(items.has('Policies/leave.md'), false);
  });

  it('a deleted file leaves the collection and search', async () => {
    library.remove('readme.txt');
    await kit.sync();
    assert.equal((await kit.files()).has('readme.txt'), false);
    assert.deepEqual(await kit.searchable('overview'), []);
    assert.equal((await kit.items()).get('readme.txt')?.state, 'removed');
    // Listed as removed in the sync that removed it, then gone.
    await kit.sync();
    assert.equal((await kit.items()).has('readme.txt'), false);
  });
});

describe('library sync: stopping and resuming', () => {
  const library = new ScriptedLibrary({ stableIds: true, pageSize: 3 });
  let kit: SyncKit;
  before(async () => {
    for (let i = 1; i <= 6; i++) library.put(`notes/note-${i}.txt`, `Note number ${i}.`);
    kit = await startSyncKit(library);
  });
  after(() => kit.close());

  it('a pause stops the sync at the next file; resuming fetches only the rest', async () => {
    library.beforeDownload = async () => {
      if (library.downloads.length === 2) await kit.db.updateTable('library_bindings').set({ state: 'paused' }).where('id', '=', kit.bindingId).execute();
    };
    assert.equal((await kit.sync()).outcome, 'paused');
    assert.ok(library.downloads.length <= 4, `stopped at the next file, fetched ${library.downloads.length}`);
    assert.equal((await kit.binding())?.state, 'paused');
    assert.equal((await kit.sync()).outcome, 'paused', 'a paused binding does not sync');

    library.beforeDownload = undefined;
    await kit.db.updateTable('library_bindings').set({ state: 'idle' }).where('id', '=', kit.bindingId).execute();
    const fetched = library.downloads.length;
    assert.equal((await kit.sync()).outcome, 'done');
    assert.equal(library.downloads.length, 6, 'each file fetched once over both syncs');
    assert.equal(new Set(library.downloads).size, 6);
    assert.ok(library.downloads.length > fetched);
    assert.equal((await kit.files()).size, 6);
  });

  it('a sync stopped by a restart resumes where it was: imported files are not fetched again', async () => {
    for (let i = 1; i <= 6; i++) library.put(`notes/note-${i}.txt`, `Note number ${i}, second edition.`);
    const stop = new AbortController();
    const start = library.downloads.length;
    library.beforeDownload = () => {
      if (library.downloads.length - start === 3) stop.abort(new Error('stopping'));
    };
    await assert.rejects(kit.sync(stop.signal));
    assert.equal((await kit.binding())?.state, 'syncing', 'left for the next claim');
    library.beforeDownload = undefined;
    assert.equal((await kit.sync()).outcome, 'done');
    const fetched = library.downloads.slice(start);
    assert.equal(new Set(fetched).size, 6);
    assert.ok(fetched.length <= 7, `at most the file in flight is fetched twice, fetched ${fetched.length}`);
    const items = await kit.items();
    assert.ok([...items.values()].every((item) => item.state === 'importing' || item.state === 'imported'), 'the resumed sync is the same sync');
    assert.equal((await kit.files()).size, 6, 'each changed file replaced, none doubled');
  });
});

describe('library sync: delta scans', () => {
  const library = new ScriptedLibrary({ stableIds: true });
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
    library.delta = new Map([[null, { pages: [{ kind: 'entries', entries: [a, b] }, { kind: 'entries', entries: [c] }], next: 'cursor-1' }]]);
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
});

function sizeOf(library: ScriptedLibrary, paths: string[]): number {
  return paths.reduce((sum, path) => sum + library.entry(path).size, 0);
}
