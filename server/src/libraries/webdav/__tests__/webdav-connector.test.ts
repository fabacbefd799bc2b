import assert from 'node:assert/strict';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { startTestWebdavServer, webdavServerMissing, type TestWebdavServer } from '../../../testing/webdav-server';
import { LibraryError, type LibraryEntry, type LibrarySession, type ScanResult } from '../../connector';
import { createGuardedFetch, LibraryHosts } from '../../library-hosts';
import { webdavConnector } from '../webdav-connector';

const signal = new AbortController().signal;

async function collect(result: ScanResult): Promise<LibraryEntry[]> {
  const entries: LibraryEntry[] = [];
  for await (const page of result.pages) {
    assert.equal(page.kind, 'entries');
    if (page.kind === 'entries') entries.push(...page.entries);
  }
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the WebDAV connector against rclone serve webdav', { skip: webdavServerMissing() }, () => {
  let dav: TestWebdavServer;
  let session: LibrarySession;
  const open = (password: string) =>
    webdavConnector.open(
      { url: dav.url, credentials: { username: dav.username, appPassword: password } },
      { fetch: createGuardedFetch({ hosts: LibraryHosts.fromEntries(['127.0.0.1']), requestTimeoutMs: 5000 }), requestTimeoutMs: 5000 },
    );

  before(async () => {
    dav = await startTestWebdavServer();
    await dav.put('Team/Reports/2024/q1 results.txt', 'first quarter');
    await dav.put('Team/Reports/summary.txt', 'summary');
    await dav.put('Team/Ünïcode & Co/notes #1.md', '# Notes');
    await dav.put('Team/Empty/.keep', '');
    await dav.put('Other/elsewhere.txt', 'not in the bound folder');
    session = open(dav.password);
  });
  after(async () => dav.close());

  it('verifies the sign-in, and refuses a wrong password as needs-sign-in', async () => {
    assert.deepEqual(await session.verify(signal), { account: dav.username });
    await assert.rejects(open('wrong').verify(signal), (error) => error instanceof LibraryError && error.reason === 'needs-sign-in');
  });

  it('scans a folder recursively: files only, paths from the folder, ETags as versions', async () => {
    const result = await session.scan({ id: '/Team', path: '/Team' }, null, signal);
    assert.equal(result.mode, 'full');
    const entries = await collect(result);
    assert.equal(result.nextCursor(), null);
    assert.deepEqual(
      entries.map((entry) => [entry.path, entry.name, entry.size, entry.isFolder]),
      [
        ['Empty/.keep', '.keep', 0, false],
        ['Reports/2024/q1 results.txt', 'q1 results.txt', 13, false],
        ['Reports/summary.txt', 'summary.txt', 7, false],
        ['Ünïcode & Co/notes #1.md', 'notes #1.md', 7, false],
      ],
    );
    // rclone names no oc:fileid: the id is the path from the connection's root.
    assert.equal(entries[1]!.id, '/Team/Reports/2024/q1 results.txt');
    for (const entry of entries) assert.match(entry.version, /^".+"$/);
    assert.equal(entries[3]!.webUrl, `${dav.url}Team/%C3%9Cn%C3%AFcode%20%26%20Co/notes%20%231.md`);
  });

  it('sees a changed file as a new version', async () => {
    const before = (await collect(await session.scan({ id: '/Team/Reports', path: '/Team/Reports' }, null, signal))).find((e) => e.name === 'summary.txt')!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await dav.put('Team/Reports/summary.txt', 'a longer summary');
    const after = (await collect(await session.scan({ id: '/Team/Reports', path: '/Team/Reports' }, null, signal))).find((e) => e.name === 'summary.txt')!;
    assert.notEqual(after.version, before.version);
    assert.equal(after.id, before.id);
  });

  it('downloads a file as a stream, and fails one past maxBytes with too-large', async () => {
    const folder = { id: '/Team', path: '/Team' };
    const entries = await collect(await session.scan(folder, null, signal));
    const notes = entries.find((entry) => entry.name === 'notes #1.md')!;
    assert.equal(await read(await session.download(notes, 1024, signal, folder)), '# Notes');
    await assert.rejects(
      async () => read(await session.download(notes, 3, signal, folder)),
      (error) => error instanceof LibraryError && error.reason === 'too-large',
    );
  });

  it('refuses folder ids that climb out, and answers a missing folder with the 404', async () => {
    await assert.rejects(session.listFolders('/Team/../..', signal), /not a folder of this library/);
    await assert.rejects(session.scan({ id: '/Nope', path: '/Nope' }, null, signal), (error) => error instanceof LibraryError && /404/.test(error.message));
  });
});
