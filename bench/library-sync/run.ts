// Library sync benchmark: a folder of small files in a real WebDAV server (Debian's rclone, as the
// tests use it), synced into a collection by the product's sync engine
// (server/src/libraries/sync/sync-binding.ts with the WebDAV connector) on in-memory PGlite.
//
// 1. First import: every file listed, downloaded, stored and recorded with its ingestion run (the
//    ingestion itself is the ingestion runner's work and not timed here): files per second,
//    requests, and the process's peak RSS and heap above where they were before.
// 2. Unchanged re-sync: the folder listed again and compared with the stored items; requests and
//    seconds (nothing is downloaded).
//
// Both beside the floor measured in the same run: a plain recursive download of the same folder
// (PROPFIND Depth 1 per folder, GET per file, the same number of downloads at once, bytes thrown
// away), with no database and no checks. Memory: the import runs at two folder sizes, to show
// that its peak does not grow with the number of files (paged listing, batches of 200, a bounded
// number of downloads at once).
//
// Never fails: it prints figures.
//
// --db postgres runs it on a throw-away PostgreSQL server (scripts/test-postgres.mjs) instead of PGlite.
//
//   node --expose-gc --import tsx bench/library-sync/run.ts [--files 2000] [--small 500] [--folders 40] [--concurrency 4] [--db pglite|postgres]

import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../../server/src/db/database';
import { FilesRepository } from '../../server/src/db/repositories/files-repository';
import { FileStorage } from '../../server/src/ingestion/file-storage';
import { LibraryHosts, createGuardedFetch } from '../../server/src/libraries/library-hosts';
import { LibraryDocuments } from '../../server/src/libraries/sync/library-documents';
import { LibrarySyncStore } from '../../server/src/libraries/sync/library-sync-store';
import { syncBinding } from '../../server/src/libraries/sync/sync-binding';
import { PROPFIND_BODY, readMultistatus } from '../../server/src/libraries/webdav/multistatus';
import { webdavConnector } from '../../server/src/libraries/webdav/webdav-connector';
import { startTestWebdavServer, webdavServerMissing, type TestWebdavServer } from '../../server/src/testing/webdav-server';
import { openBenchDatabase } from '../support/bench-database';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '2000' },
    small: { type: 'string', default: '500' },
    folders: { type: 'string', default: '40' },
    concurrency: { type: 'string', default: '4' },
    db: { type: 'string', default: 'pglite' },
  },
});
const FILES = Number(values.files);
const SMALL = Number(values.small);
const FOLDERS = Number(values.folders);
const CONCURRENCY = Number(values.concurrency);
if (values.db !== 'pglite' && values.db !== 'postgres') throw new Error('--db is pglite or postgres');

const missing = webdavServerMissing();
if (missing) {
  console.log(missing);
  process.exit(0);
}

const WORDS = 'policy travel leave contract invoice report meeting budget handbook onboarding security holiday'.split(' ');

/** `count` text files of about 1.5 KB in FOLDERS sub-folders of `folder`. */
async function writeFolder(dav: TestWebdavServer, folder: string, count: number): Promise<number> {
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const dir = join(dav.root, folder, `part-${String(i % FOLDERS).padStart(2, '0')}`);
    await mkdir(dir, { recursive: true });
    const text = Array.from({ length: 200 }, (_, w) => WORDS[(i * 7 + w) % WORDS.length]).join(' ') + ` document ${i}.\n`;
    bytes += Buffer.byteLength(text);
    await writeFile(join(dir, `doc-${String(i).padStart(5, '0')}.txt`), text);
  }
  return bytes;
}

/** fetch through the sync's own guard (allow-listed loopback), counting requests. */
function countingFetch() {
  const guarded = createGuardedFetch({ hosts: LibraryHosts.fromEntries(['127.0.0.1']), requestTimeoutMs: 30_000 });
  const counter = { requests: 0 };
  const fetch = ((input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    counter.requests += 1;
    return guarded(input, init);
  }) as typeof globalThis.fetch;
  return { fetch, counter };
}

/**
 * Peak RSS while `work` runs (sampled every 20 ms) and, with `liveHeap`, its peak live heap (what a
 * full garbage collection, forced every second with --expose-gc, leaves), both above where they
 * were at its start. The live heap is what would grow with the number of files if anything held on
 * to them; forcing collections slows the work, so timed runs do not.
 */
async function measured<T>(work: () => Promise<T>, liveHeap = false): Promise<{ result: T; seconds: number; rssMB: number; heapMB: number }> {
  globalThis.gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage().rss);
  }, 20);
  const collector = setInterval(() => {
    if (!liveHeap || !globalThis.gc) return;
    globalThis.gc();
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  }, 1000);
  const began = performance.now();
  const result = await work();
  const seconds = (performance.now() - began) / 1000;
  clearInterval(timer);
  clearInterval(collector);
  rss = Math.max(rss, process.memoryUsage().rss);
  return { result, seconds, rssMB: (rss - start.rss) / 2 ** 20, heapMB: (heap - start.heapUsed) / 2 ** 20 };
}

/** The floor: PROPFIND Depth 1 per folder, GET each file (CONCURRENCY at once), bytes counted and dropped. */
async function plainDownload(dav: TestWebdavServer, folder: string, fetch: typeof globalThis.fetch): Promise<{ files: number; bytes: number }> {
  const auth = `Basic ${Buffer.from(`${dav.username}:${dav.password}`).toString('base64')}`;
  const files: string[] = [];
  const folders = [new URL(`${folder}/`, dav.url).href];
  while (folders.length > 0) {
    const url = folders.shift()!;
    const response = await fetch(url, { method: 'PROPFIND', headers: { authorization: auth, depth: '1', 'content-type': 'application/xml' }, body: PROPFIND_BODY });
    for (const resource of await readMultistatus(response.body!, 64 * 2 ** 20)) {
      const href = new URL(resource.href, url).href;
      if (href === url) continue;
      (resource.isCollection ? folders : files).push(href);
    }
  }
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const response = await fetch(files[next++]!, { headers: { authorization: auth } });
      for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { files: files.length, bytes };
}

interface SyncRun {
  importSeconds: number;
  importRequests: number;
  importRssMB: number;
  importHeapMB: number;
  resyncSeconds: number;
  resyncRequests: number;
  files: number;
}

/** Binds `folder` to a fresh collection and syncs it twice. */
async function syncRun(db: Database, dav: TestWebdavServer, folder: string, liveHeap = false): Promise<SyncRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-library-sync-'));
  try {
    const [collectionId, connectionId, bindingId] = [randomUUID(), randomUUID(), randomUUID()];
    await db.insertInto('collections').values({ id: collectionId, scope: 'personal', owner_id: 'bench', name: 'Bench' }).execute();
    await db
      .insertInto('library_connections')
      .values({ id: connectionId, owner_id: 'bench', scope: 'personal', kind: 'webdav', name: 'Bench', url: dav.url, account: dav.username, credentials: 'unused', state: 'connected' })
      .execute();
    await db
      .insertInto('library_bindings')
      .values({ id: bindingId, connection_id: connectionId, collection_id: collectionId, folder_id: `/${folder}`, folder_path: folder, state: 'idle', created_by: 'bench' })
      .execute();
    const { fetch, counter } = countingFetch();
    const session = webdavConnector.open({ url: dav.url, credentials: { username: dav.username, appPassword: dav.password } }, { fetch, requestTimeoutMs: 30_000 });
    const limits = { maxFileBytes: 20 * 2 ** 20, maxAudioBytes: 25 * 2 ** 20 };
    const deps = {
      store: new LibrarySyncStore(db),
      documents: new LibraryDocuments({ db, files: new FilesRepository(db), storage: new FileStorage(dataDir), limits }),
      openSession: async () => session,
      limits,
      nudgeIngestion: () => {},
      intervalMs: 60_000,
      concurrency: CONCURRENCY,
    };
    const signal = new AbortController().signal;
    const first = await measured(() => syncBinding(bindingId, deps, signal), liveHeap);
    const importRequests = counter.requests;
    const files = first.result.outcome === 'done' ? first.result.progress.files_total : 0;
    counter.requests = 0;
    const again = await measured(() => syncBinding(bindingId, deps, signal));
    return {
      importSeconds: first.seconds,
      importRequests,
      importRssMB: first.rssMB,
      importHeapMB: first.heapMB,
      resyncSeconds: again.seconds,
      resyncRequests: counter.requests,
      files,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);

const handle = await openBenchDatabase(values.db);
const dav = await startTestWebdavServer();
try {
  const bytes = await writeFolder(dav, 'Large', FILES);
  await writeFolder(dav, 'Small', SMALL);
  console.log(`library-sync: ${FILES} files (${fmt(bytes / 2 ** 20)} MB) in ${FOLDERS} folders on rclone serve webdav, ${CONCURRENCY} downloads at once, ${handle.label}\n`);

  // Warm-up: the modules, PGlite's start and rclone's first listing are not what is measured.
  await syncRun(handle.db, dav, 'Small');

  const { fetch: floorFetch, counter: floorCounter } = countingFetch();
  const floor = await measured(() => plainDownload(dav, 'Large', floorFetch));
  const large = await syncRun(handle.db, dav, 'Large');
  // Memory: the import again at both sizes, with the live heap sampled (slower, so not timed).
  const largeMemory = await syncRun(handle.db, dav, 'Large', true);
  const small = await syncRun(handle.db, dav, 'Small', true);

  const rows: string[][] = [
    ['figure', 'sync', 'floor (plain download)', 'ratio sync/floor'],
    ['first import, s', fmt(large.importSeconds), fmt(floor.seconds), fmt(large.importSeconds / floor.seconds)],
    ['first import, files/s', fmt(large.files / large.importSeconds, 0), fmt(floor.result.files / floor.seconds, 0), fmt(floor.seconds / large.importSeconds)],
    ['first import, requests', String(large.importRequests), String(floorCounter.requests), fmt(large.importRequests / floorCounter.requests)],
    ['unchanged re-sync, s', fmt(large.resyncSeconds), fmt(floor.seconds), fmt(large.resyncSeconds / floor.seconds)],
    ['unchanged re-sync, requests', String(large.resyncRequests), String(floorCounter.requests), fmt(large.resyncRequests / floorCounter.requests)],
    [`peak RSS above start, MB (${FILES} files)`, fmt(large.importRssMB, 1), fmt(floor.rssMB, 1), '-'],
    [`peak live heap above start, MB (${FILES} files)`, fmt(largeMemory.importHeapMB, 1), '-', '-'],
    [`peak live heap above start, MB (${SMALL} files)`, fmt(small.importHeapMB, 1), '-', '-'],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  console.log(
    `\nfiles imported: ${large.files} (floor downloaded ${floor.result.files}); live heap peak ${fmt(largeMemory.importHeapMB, 1)} MB at ${FILES} files vs ${fmt(small.importHeapMB, 1)} MB at ${SMALL}` +
      (globalThis.gc ? '' : ' (run with --expose-gc for the live heap; without it these are zero)'),
  );
} finally {
  await dav.close();
  await handle.close();
}
