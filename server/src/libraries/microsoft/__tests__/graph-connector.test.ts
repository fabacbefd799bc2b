import assert from 'node:assert/strict';
import { text } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import { GraphDouble } from '../../../testing/graph-double';
import { LibraryError, type LibraryEntry, type LibrarySession, type ScanResult } from '../../connector';
import { createGuardedFetch, LibraryHosts } from '../../library-hosts';
import { createMicrosoftConnector } from '../graph-connector';
import { MicrosoftOAuth } from '../microsoft-oauth';

const TOKEN = 'graph-access-token';
const TIMEOUT_MS = 5_000;

function openSession(double: GraphDouble, options: { allowedHosts?: string[]; attempts?: number; maxWaitMs?: number } = {}): LibrarySession {
  // No refresh in these tests: the sign-in service is never asked (its address refuses connections).
  const oauth = new MicrosoftOAuth(
    { clientId: 'client', clientSecret: undefined, authority: 'http://127.0.0.1:9', graphUrl: double.url, scopes: ['Files.Read.All'] },
    { timeoutMs: TIMEOUT_MS },
  );
  const connector = createMicrosoftConnector({ oauth, throttle: { attempts: options.attempts ?? 3, maxWaitMs: options.maxWaitMs ?? 3_000 } });
  // Graph's host (127.0.0.1) and the download host (localhost), both listed by name.
  const guarded = createGuardedFetch({ hosts: LibraryHosts.fromEntries(options.allowedHosts ?? ['127.0.0.1', 'localhost']), requestTimeoutMs: TIMEOUT_MS });
  return connector.open(
    { url: 'https://contoso.sharepoint.com', credentials: { access_token: TOKEN, refresh_token: null, expires_at: Date.now() + 3_600_000 } },
    { fetch: guarded, requestTimeoutMs: TIMEOUT_MS },
  );
}

async function collect(result: ScanResult) {
  const entries: LibraryEntry[] = [];
  const deleted: string[] = [];
  let pages = 0;
  for await (const page of result.pages) {
    pages += 1;
    if (page.kind === 'entries') entries.push(...page.entries);
    else deleted.push(...page.ids);
  }
  return { entries, deleted, pages, byPath: new Map(entries.map((entry) => [entry.path, entry])), cursor: result.nextCursor() };
}

async function rejectsWith(promise: Promise<unknown>, reason: LibraryError['reason']) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof LibraryError, String(error));
    assert.equal(error.reason, reason, error.message);
    return true;
  });
}

describe('Microsoft 365 connector against the Graph double', () => {
  let double: GraphDouble;
  let session: LibrarySession;
  let driveId: string;
  let rootId: string;
  let projects: string;
  let sub: string;
  const signal = new AbortController().signal;
  const id = (itemId: string) => `${driveId}/${itemId}`;

  before(async () => {
    double = await GraphDouble.start({ pageSize: 2 });
    double.acceptToken(TOKEN);
    const drive = double.addPersonalDrive();
    driveId = drive.id;
    rootId = drive.rootId;
    projects = double.addFolder(driveId, rootId, 'Projects');
    double.addFolder(driveId, rootId, 'Archive');
    double.addFolder(driveId, rootId, 'Zeta');
    double.addFile(driveId, rootId, 'notes.txt', 'at the root');
    double.addFile(driveId, projects, 'plan.txt', 'the plan', 'text/plain');
    double.addFile(driveId, projects, 'budget.csv', 'a,b\n1,2', 'text/csv');
    sub = double.addFolder(driveId, projects, 'Sub folder');
    double.addFile(driveId, sub, 'deep.md', '# deep', 'text/markdown');
    const marketing = double.addSite('Marketing');
    double.addDrive({ name: 'Documents', siteId: marketing });
    double.addDrive({ name: 'Campaigns', siteId: marketing });
    double.addSite('Accounting');
    double.addSite('Board', { followed: false });
    session = openSession(double);
  });
  after(() => double.close());

  it('names the signed-in account', async () => {
    assert.deepEqual(await session.verify(signal), { account: 'erika@contoso.example' });
  });

  describe('folders', () => {
    it('lists OneDrive and the sites (followed and found, each once, over several pages) at the root', async () => {
      const listing = await session.listFolders(null, signal);
      assert.equal(listing.folder, null);
      assert.deepEqual(
        listing.folders.map((folder) => folder.path),
        ['OneDrive', 'Accounting', 'Board', 'Marketing'],
      );
      assert.equal(listing.folders[0]!.id, id('root'));
      assert.match(listing.folders[1]!.id, /^site:/);
    });

    it("lists a site's document libraries", async () => {
      const root = await session.listFolders(null, signal);
      const marketing = root.folders.find((folder) => folder.name === 'Marketing')!;
      const listing = await session.listFolders(marketing.id, signal);
      assert.deepEqual(listing.folder, { id: marketing.id, name: 'Marketing', path: 'Marketing' });
      assert.deepEqual(listing.folders.map((folder) => folder.path), ['Marketing/Documents', 'Marketing/Campaigns']);
      const library = await session.listFolders(listing.folders[0]!.id, signal);
      assert.deepEqual(library.folder?.path, 'Marketing/Documents');
    });

    it("lists a folder's sub-folders (paged) and counts its files, with paths from the library's root", async () => {
      const listing = await session.listFolders(id('root'), signal);
      assert.deepEqual(listing.folder, { id: id('root'), name: 'OneDrive', path: 'OneDrive' });
      assert.deepEqual(listing.folders.map((folder) => [folder.name, folder.path]), [
        ['Archive', 'OneDrive/Archive'],
        ['Projects', 'OneDrive/Projects'],
        ['Zeta', 'OneDrive/Zeta'],
      ]);
      assert.equal(listing.fileCount, 1);
      assert.equal(listing.more, 0);
      const inner = await session.listFolders(id(projects), signal);
      assert.deepEqual(inner.folder, { id: id(projects), name: 'Projects', path: 'OneDrive/Projects' });
      assert.deepEqual(inner.folders, [{ id: id(sub), name: 'Sub folder', path: 'OneDrive/Projects/Sub folder' }]);
      assert.equal(inner.fileCount, 2);
    });

    it('refuses an id that is not one of its folders', async () => {
      await rejectsWith(session.listFolders('../../me', signal), 'refused');
      await rejectsWith(session.listFolders(`${driveId}/does-not-exist`, signal), 'refused');
    });
  });

  describe('scans', () => {
    it('reads a folder whole first (pages joined by nextLink), then only the changes since the deltaLink', async () => {
      const first = await collect(await session.scan({ id: id(projects), path: 'OneDrive/Projects' }, null, signal));
      assert.deepEqual([...first.byPath.keys()].sort(), ['Sub folder', 'Sub folder/deep.md', 'budget.csv', 'plan.txt']);
      assert.ok(first.pages >= 2, `${first.pages} pages`);
      assert.deepEqual(first.deleted, []);
      const plan = first.byPath.get('plan.txt')!;
      assert.equal(plan.isFolder, false);
      assert.equal(plan.size, 8);
      assert.equal(plan.contentType, 'text/plain');
      assert.match(plan.version, /^hash:/, 'the content hash (delta answers leave cTag out)');
      assert.match(plan.webUrl!, /^https:\/\/contoso\.sharepoint\.com\/OneDrive\/Projects\/plan\.txt$/);
      assert.equal(first.byPath.get('Sub folder')!.isFolder, true);
      assert.ok(first.cursor?.startsWith(`${double.url}/drives/`), first.cursor ?? 'no cursor');
      assert.ok(double.graphCalls(/\/root\/delta$/).length > 0, "the drive's delta (what Graph documents), the folder picked from it");

      // The changes: one file edited, one renamed, one added in an unchanged sub-folder, one
      // deleted, one moved out, and one moved in from outside.
      const budget = first.byPath.get('budget.csv')!;
      const deep = first.byPath.get('Sub folder/deep.md')!;
      double.updateFile(plan.id.split('/')[1]!, 'the new plan');
      double.rename(budget.id.split('/')[1]!, 'budget-2026.csv');
      const added = double.addFile(driveId, sub, 'added.txt', 'new here');
      const doomed = double.addFile(driveId, projects, 'doomed.txt', 'soon gone');
      const movedIn = double.addFile(driveId, rootId, 'incoming.txt', 'was outside');
      const second = await collect(await session.scan({ id: id(projects), path: 'OneDrive/Projects' }, first.cursor, signal));
      double.remove(doomed);
      double.move(deep.id.split('/')[1]!, rootId);
      double.move(movedIn, projects);
      const third = await collect(await session.scan({ id: id(projects), path: 'OneDrive/Projects' }, second.cursor, signal));

      assert.deepEqual([...second.byPath.keys()].sort(), ['Sub folder/added.txt', 'budget-2026.csv', 'doomed.txt', 'plan.txt']);
      assert.notEqual(second.byPath.get('plan.txt')!.version, plan.version, 'new content, new version');
      const renamed = second.byPath.get('budget-2026.csv')!;
      assert.equal(renamed.id, budget.id, 'a rename keeps the id');
      assert.equal(renamed.version, budget.version, 'a rename keeps the content version');
      assert.equal(second.byPath.get('Sub folder/added.txt')!.id, id(added));

      assert.deepEqual([...third.byPath.keys()], ['incoming.txt']);
      assert.deepEqual(third.deleted.sort(), [deep.id, id(doomed)].sort());

      const unchanged = await collect(await session.scan({ id: id(projects), path: 'OneDrive/Projects' }, third.cursor, signal));
      assert.deepEqual(unchanged.entries, []);
      assert.deepEqual(unchanged.deleted, []);
    });

    it('answers the modes: full without a cursor, delta with one', async () => {
      const full = await session.scan({ id: id(sub), path: 'x' }, null, signal);
      assert.equal(full.mode, 'full');
      const { cursor } = await collect(full);
      const delta = await session.scan({ id: id(sub), path: 'x' }, cursor, signal);
      assert.equal(delta.mode, 'delta');
      await collect(delta);
    });

    it('reads a whole drive from its root', async () => {
      const { byPath } = await collect(await session.scan({ id: id('root'), path: 'OneDrive' }, null, signal));
      assert.ok(byPath.has('notes.txt'));
      assert.ok(byPath.has('Projects/plan.txt'));
    });

    it('asks for a full read (resync) when Graph answers 410 Gone for an expired delta token', async () => {
      const { cursor } = await collect(await session.scan({ id: id(projects), path: 'p' }, null, signal));
      double.expireDeltaTokens();
      await rejectsWith(collect(await session.scan({ id: id(projects), path: 'p' }, cursor, signal)), 'resync');
      const again = await collect(await session.scan({ id: id(projects), path: 'p' }, null, signal));
      assert.ok(again.entries.length > 0);
    });

    it('follows no link outside Graph and no cursor of another drive', async () => {
      await rejectsWith(session.scan({ id: id(projects), path: 'p' }, 'https://attacker.example/v1.0/drives/x/delta', signal), 'garbage');
      const other = double.addDrive({ name: 'Other' });
      const { cursor } = await collect(await session.scan({ id: `${other.id}/root`, path: 'o' }, null, signal));
      await rejectsWith(session.scan({ id: id(projects), path: 'p' }, cursor, signal), 'resync');
    });

    it('refuses to sync a whole site', async () => {
      await rejectsWith(session.scan({ id: 'site:contoso.sharepoint.com,1,2', path: 's' }, null, signal), 'refused');
    });
  });

  describe('throttling', () => {
    it('waits as Retry-After asks (429 and 503), then goes on', async () => {
      double.throttle(/\/delta$/, { times: 1, status: 429, retryAfter: '1' });
      double.throttle(/\/delta$/, { times: 1, status: 503, retryAfter: null });
      const started = Date.now();
      const { entries } = await collect(await session.scan({ id: id(projects), path: 'p' }, null, signal));
      assert.ok(entries.length > 0);
      assert.ok(Date.now() - started >= 1_900, `waited ${Date.now() - started} ms for 1 s + 1 s`);
      assert.deepEqual(
        double.graphCalls(/\/delta$/).slice(-3).map((call) => call.status),
        [429, 503, 200],
      );
    });

    it('gives up after its attempts, and at once when the wait asked for is too long', async () => {
      double.throttle(/^\/me$/, { times: 3, retryAfter: '0' });
      await rejectsWith(session.verify(signal), 'unreachable');
      double.throttle(/^\/me$/, { times: 1, retryAfter: '3600' });
      const started = Date.now();
      await rejectsWith(session.verify(signal), 'timeout');
      assert.ok(Date.now() - started < 1_000);
    });

    it('stops waiting when the caller aborts', async () => {
      double.throttle(/^\/me$/, { times: 1, retryAfter: '2' });
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('stopped')), 100);
      await assert.rejects(session.verify(controller.signal), /stopped/);
    });
  });

  describe('downloads', () => {
    let plan: LibraryEntry;
    before(async () => {
      const { byPath } = await collect(await session.scan({ id: id(projects), path: 'p' }, null, signal));
      plan = byPath.get('plan.txt')!;
    });

    it('follows /content to the download URL (another host) through the guarded fetch, without the token', async () => {
      const stream = await session.download(plan, 1024, signal, { id: id(projects), path: 'p' });
      assert.equal(await text(stream), 'the new plan');
      const content = double.requests.findLast((request) => request.url.endsWith('/content'))!;
      assert.equal(content.status, 302);
      assert.equal(content.authorization, `Bearer ${TOKEN}`);
      const download = double.requests.findLast((request) => request.url.startsWith('/download/'))!;
      assert.equal(download.status, 200);
      assert.equal(download.authorization, undefined, 'the bearer token stays with Graph');
    });

    it('refuses a file over the limit, before and while reading', async () => {
      await rejectsWith(session.download(plan, 4, signal, { id: id(projects), path: 'p' }), 'too-large');
      const understated = { ...plan, size: 1 };
      await rejectsWith(
        session.download(understated, 4, signal, { id: id(projects), path: 'p' }).then((stream) => text(stream)),
        'too-large',
      );
    });

    it('refuses a download host the administrators did not allow', async () => {
      const guarded = openSession(double, { allowedHosts: ['127.0.0.1'] });
      await rejectsWith(guarded.download(plan, 1024, signal, { id: id(projects), path: 'p' }), 'refused');
    });
  });

  it('fails with needs-sign-in when Graph refuses the token and there is no refresh token', async () => {
    double.revokeToken(TOKEN);
    try {
      await rejectsWith(session.verify(signal), 'needs-sign-in');
    } finally {
      double.acceptToken(TOKEN);
    }
  });
});
