import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { apiErrorSchema, libraryConnectionSchema, libraryFoldersResponseSchema, libraryListResponseSchema } from '@assistant/contracts';
import { LibraryConnectionsRepository } from '../libraries/library-connections-repository';
import { LibrarySecrets } from '../libraries/library-secrets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { startTestWebdavServer, webdavServerMissing, type TestWebdavServer } from '../testing/webdav-server';

/** A loopback HTTP server that answers every request with `handler` (a hostile or slow "library"). */
async function startFakeLibrary(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<d:multistatus xmlns:d="DAV:"><d:response><d:href>/&lol9;/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;

describe('document libraries (/api/libraries) against a real WebDAV server', { skip: webdavServerMissing() }, () => {
  let t: TestApp;
  let dav: TestWebdavServer;
  let hostile: { url: string; server: Server };
  let slow: { url: string; server: Server };
  const slowSockets = new Set<import('node:net').Socket>();

  before(async () => {
    dav = await startTestWebdavServer();
    await dav.put('Reports/2024/q1.txt', 'first quarter');
    await dav.put('Reports/summary.txt', 'summary');
    await dav.put('Handbook/intro.md', '# Intro');
    await dav.put('Handbook/Policies/travel.md', '# Travel');
    await dav.put('readme.txt', 'root file');
    hostile = await startFakeLibrary((_request, response) => {
      response.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' }).end(BILLION_LAUGHS);
    });
    // Accepts and never answers; or, for PROPFIND on /stalls/, starts a listing and stops sending.
    slow = await startFakeLibrary((request, response) => {
      if (request.url === '/stalls/') response.writeHead(207, { 'content-type': 'application/xml' }).write('<d:multistatus xmlns:d="DAV:"><d:response>');
    });
    slow.server.on('connection', (socket) => slowSockets.add(socket));
    // Loopback is a forbidden address unless listed by name: the test servers are.
    t = await startTestApp(undefined, { env: { LIBRARY_ALLOWED_HOSTS: '127.0.0.1', LIBRARY_REQUEST_TIMEOUT_SECONDS: '1' } });
  });
  after(async () => {
    await t.close();
    for (const socket of slowSockets) socket.destroy();
    await new Promise((resolve) => slow.server.close(resolve));
    await new Promise((resolve) => hostile.server.close(resolve));
    await dav.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('library_connections').execute();
  });

  const connect = (user: 'employee' | 'admin', payload: object) => t.as(user, { method: 'POST', url: '/api/libraries', payload });
  const webdav = (extra: object = {}) => ({ kind: 'webdav', name: 'Team files', url: dav.url, username: dav.username, app_password: dav.password, ...extra });

  it('connects after signing in once; the app password is stored sealed and never answered', async () => {
    const created = await connect('employee', webdav());
    assert.equal(created.statusCode, 201, created.body);
    assert.ok(!created.body.includes(dav.password));
    const connection = libraryConnectionSchema.parse(created.json());
    assert.deepEqual(
      { kind: connection.kind, name: connection.name, scope: connection.scope, url: connection.url, account: connection.account, state: connection.state },
      { kind: 'webdav', name: 'Team files', scope: 'personal', url: dav.url, account: dav.username, state: 'connected' },
    );

    const list = await t.as('employee', { method: 'GET', url: '/api/libraries' });
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(dav.password));
    const body = libraryListResponseSchema.parse(list.json());
    assert.deepEqual(body.libraries.map((library) => library.id), [connection.id]);
    assert.equal(body.microsoft_available, false);

    const stored = await t.db.selectFrom('library_connections').select('credentials').executeTakeFirstOrThrow();
    assert.match(stored.credentials, /^v1\.test\./);
    assert.ok(!stored.credentials.includes(dav.password) && !stored.credentials.includes(Buffer.from(dav.password).toString('base64')));
  });

  it('refuses a wrong app password with a clear 502 and stores nothing', async () => {
    const response = await connect('employee', webdav({ app_password: 'wrong' }));
    assert.equal(response.statusCode, 502, response.body);
    const error = apiErrorSchema.parse(response.json());
    assert.equal(error.code, 'upstream_failed');
    assert.match(error.message, /refused the user name or app password/);
    assert.equal((await t.db.selectFrom('library_connections').select('id').execute()).length, 0);
  });

  it('refuses the same library twice with 409', async () => {
    assert.equal((await connect('employee', webdav())).statusCode, 201);
    const again = await connect('employee', webdav({ name: 'Again' }));
    assert.equal(again.statusCode, 409);
    assert.equal(apiErrorSchema.parse(again.json()).code, 'conflict');
  });

  it('browses folders: the root, then a sub-folder, with files counted', async () => {
    const id = libraryConnectionSchema.parse((await connect('employee', webdav())).json()).id;
    const root = await t.as('employee', { method: 'GET', url: `/api/libraries/${id}/folders` });
    assert.equal(root.statusCode, 200, root.body);
    const rootListing = libraryFoldersResponseSchema.parse(root.json());
    assert.equal(rootListing.folder, null);
    assert.deepEqual(rootListing.folders.map(({ id, name, path }) => [id, name, path]), [
      ['/Handbook', 'Handbook', '/Handbook'],
      ['/Reports', 'Reports', '/Reports'],
    ]);
    assert.equal(rootListing.file_count, 1);
    assert.equal(rootListing.more, 0);

    const handbook = await t.as('employee', { method: 'GET', url: `/api/libraries/${id}/folders?folder=${encodeURIComponent('/Handbook')}` });
    const listing = libraryFoldersResponseSchema.parse(handbook.json());
    assert.deepEqual(listing.folder, { id: '/Handbook', name: 'Handbook', path: '/Handbook' });
    assert.deepEqual(listing.folders.map((folder) => folder.id), ['/Handbook/Policies']);
    assert.equal(listing.file_count, 1);

    const outside = await t.as('employee', { method: 'GET', url: `/api/libraries/${id}/folders?folder=${encodeURIComponent('/../etc')}` });
    assert.equal(outside.statusCode, 502);
    const missing = await t.as('employee', { method: 'GET', url: `/api/libraries/${id}/folders?folder=${encodeURIComponent('/Nope')}` });
    assert.equal(missing.statusCode, 502);
    assert.match(apiErrorSchema.parse(missing.json()).message, /404/);
  });

  it("answers 404 for another user's connection, and a company one to whoever does not administrate", async () => {
    const personal = libraryConnectionSchema.parse((await connect('employee', webdav())).json()).id;
    const company = libraryConnectionSchema.parse((await connect('admin', webdav({ scope: 'company' }))).json()).id;
    for (const [user, id] of [
      ['admin', personal],
      ['employee', company],
    ] as const) {
      for (const request of [
        { method: 'GET', url: `/api/libraries/${id}/folders` },
        { method: 'DELETE', url: `/api/libraries/${id}?documents=keep` },
      ] as const) {
        const response = await t.as(user, request);
        assert.equal(response.statusCode, 404, `${user} ${request.method} ${request.url}`);
        assert.equal(apiErrorSchema.parse(response.json()).code, 'not_found');
      }
    }
    const adminList = libraryListResponseSchema.parse((await t.as('admin', { method: 'GET', url: '/api/libraries' })).json());
    assert.deepEqual(adminList.libraries, [], "the administrator's personal list holds none of the employee's");
    assert.equal((await t.as('employee', { method: 'GET', url: '/api/libraries?scope=company' })).statusCode, 403);
    assert.equal((await connect('employee', webdav({ scope: 'company', name: 'Mine' }))).statusCode, 403);
    const companyList = libraryListResponseSchema.parse((await t.as('admin', { method: 'GET', url: '/api/libraries?scope=company' })).json());
    assert.deepEqual(companyList.libraries.map((library) => library.id), [company]);
    assert.equal((await t.db.selectFrom('library_connections').select('id').execute()).length, 2, 'nothing was deleted');
  });

  it('marks a connection needs-sign-in when the library refuses its stored password, and connected again once it works', async () => {
    const id = libraryConnectionSchema.parse((await connect('employee', webdav())).json()).id;
    const stored = new LibraryConnectionsRepository(t.db, new LibrarySecrets(t.config.libraries.secretKeys!));
    const state = async () => libraryListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/libraries' })).json()).libraries[0]!;

    await stored.saveCredentials(id, { username: dav.username, appPassword: 'revoked' });
    const refused = await t.as('employee', { method: 'GET', url: `/api/libraries/${id}/folders` });
    assert.equal(refused.statusCode, 502);
    assert.deepEqual(await state().then(({ state, problem }) => ({ state, problem })), {
      state: 'needs-sign-in',
      problem: apiErrorSchema.parse(refused.json()).message,
    });

    await stored.saveCredentials(id, { username: dav.username, appPassword: dav.password });
    assert.equal((await t.as('employee', { method: 'GET', url: `/api/libraries/${id}/folders` })).statusCode, 200);
    assert.deepEqual(await state().then(({ state, problem }) => ({ state, problem })), { state: 'connected', problem: null });
  });

  it('disconnects: the row and its credentials are gone', async () => {
    const id = libraryConnectionSchema.parse((await connect('employee', webdav())).json()).id;
    assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/libraries/${id}` })).statusCode, 400, 'documents=keep|remove is required');
    const deleted = await t.as('employee', { method: 'DELETE', url: `/api/libraries/${id}?documents=keep` });
    assert.equal(deleted.statusCode, 204);
    assert.equal((await t.db.selectFrom('library_connections').select('id').execute()).length, 0);
    assert.equal((await t.as('employee', { method: 'GET', url: `/api/libraries/${id}/folders` })).statusCode, 404);
  });

  it('refuses hosts off the allow-list, and loopback or metadata addresses that are not listed by name', async () => {
    for (const url of ['https://nextcloud.example.org/remote.php/dav/files/u/', 'http://localhost:1/', 'http://169.254.169.254/latest/', 'http://[::1]:8080/']) {
      const response = await connect('employee', webdav({ url }));
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      const error = apiErrorSchema.parse(response.json());
      assert.equal(error.code, 'validation_failed');
      assert.deepEqual(error.issues?.map((issue) => issue.path.join('.')), ['body.url']);
    }
    assert.equal((await t.db.selectFrom('library_connections').select('id').execute()).length, 0);
  });

  it('refuses an XML answer that declares entities (billion laughs) with 502, and the server stays well', async () => {
    const response = await connect('employee', webdav({ url: hostile.url }));
    assert.equal(response.statusCode, 502, response.body);
    assert.match(apiErrorSchema.parse(response.json()).message, /DTD/);
    assert.equal((await t.as('employee', { method: 'GET', url: '/api/libraries' })).statusCode, 200);
  });

  it('fails a library that does not answer in time, or stops in the middle of its answer, with 504 within the request timeout', async () => {
    const started = Date.now();
    const response = await connect('employee', webdav({ url: slow.url }));
    assert.equal(response.statusCode, 504, response.body);
    assert.equal(apiErrorSchema.parse(response.json()).code, 'upstream_timeout');
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);

    const stalled = await connect('employee', webdav({ url: `${slow.url}stalls/` }));
    assert.equal(stalled.statusCode, 504, stalled.body);
    assert.match(apiErrorSchema.parse(stalled.json()).message, /did not answer in time/);
  });
});

describe('document libraries without LIBRARY_SECRET_KEYS', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(undefined, { env: { LIBRARY_SECRET_KEYS: undefined, LIBRARY_ALLOWED_HOSTS: '127.0.0.1' } });
  });
  after(async () => t.close());

  it('answers 503 to a connect, naming the variable, and lists nothing', async () => {
    const response = await t.as('employee', {
      method: 'POST',
      url: '/api/libraries',
      payload: { kind: 'webdav', name: 'Files', url: 'http://127.0.0.1:9/', username: 'u', app_password: 'p' },
    });
    assert.equal(response.statusCode, 503);
    assert.match(apiErrorSchema.parse(response.json()).message, /LIBRARY_SECRET_KEYS/);
    assert.deepEqual(libraryListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/libraries' })).json()).libraries, []);
  });
});
