import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { libraryConnectionSchema, libraryFoldersResponseSchema, libraryListResponseSchema, microsoftAuthorizeResponseSchema } from '@assistant/contracts';
import { followAuthorization } from '../../../tests/support/pkce-sign-in';
import { PORTAL_ORIGIN, startIdp, type IdpHarness } from '../idp/__tests__/idp-harness';
import { DEV_GRAPH_RESOURCE, DEV_LIBRARY_CLIENT_ID } from '../idp/dev-identity-provider';
import { GraphDouble, jwtTokens } from '../testing/graph-double';
import { startTestApp, type TestApp } from '../testing/test-app';

const CALLBACK = `${PORTAL_ORIGIN}/oauth/callback`;

/**
 * Connecting Microsoft 365: the dev identity provider as the authorization server (the browser's
 * part followed over HTTP, as the popup would), the Graph double checking its tokens.
 */
describe('POST /api/libraries/microsoft/authorize and /complete', () => {
  let idp: IdpHarness;
  let double: GraphDouble;
  let t: TestApp;

  before(async () => {
    idp = await startIdp();
    double = await GraphDouble.start({ verifyToken: jwtTokens(idp.idp.issuer, DEV_GRAPH_RESOURCE) });
    const drive = double.addPersonalDrive();
    double.addFolder(drive.id, drive.rootId, 'Reports');
    t = await startTestApp(undefined, {
      env: {
        PORTAL_ORIGIN,
        LIBRARY_SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        // The Graph double's host, listed by name (a loopback address is refused otherwise).
        LIBRARY_ALLOWED_HOSTS: '127.0.0.1',
        MICROSOFT_CLIENT_ID: DEV_LIBRARY_CLIENT_ID,
        MICROSOFT_AUTHORITY: idp.idp.issuer,
        MICROSOFT_GRAPH_URL: double.url,
      },
    });
  });
  after(async () => {
    await t.close();
    await double.close();
    await idp.stop();
  });

  const authorize = (user: 'employee' | 'admin', payload: object) => t.as(user, { method: 'POST', url: '/api/libraries/microsoft/authorize', payload });
  const complete = (user: 'employee' | 'admin', payload: object) => t.as(user, { method: 'POST', url: '/api/libraries/microsoft/complete', payload });
  /** What the popup does: to the provider, signed in as `username`, back to /oauth/callback with a code. */
  const popup = async (authorizeUrl: string, state: string, username: string) =>
    (await followAuthorization(new URL(authorizeUrl), { redirectUri: CALLBACK, state, issuer: idp.idp.issuer, username, password: username })).code;

  it('signs in with PKCE, stores the tokens sealed and answers the connection; the folders come from Graph', async () => {
    const started = await authorize('employee', { name: 'My OneDrive', redirect_uri: CALLBACK });
    assert.equal(started.statusCode, 200, started.body);
    const { authorize_url, state } = microsoftAuthorizeResponseSchema.parse(started.json());
    const url = new URL(authorize_url);
    assert.equal(url.origin, idp.idp.issuer);
    assert.equal(url.searchParams.get('client_id'), DEV_LIBRARY_CLIENT_ID);
    assert.equal(url.searchParams.get('redirect_uri'), CALLBACK);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('state'), state);
    assert.match(url.searchParams.get('scope')!, /Files\.Read\.All/);

    const code = await popup(authorize_url, state, 'employee');
    const done = await complete('employee', { code, state });
    assert.equal(done.statusCode, 201, done.body);
    const connection = libraryConnectionSchema.parse(done.json());
    assert.equal(connection.kind, 'microsoft');
    assert.equal(connection.name, 'My OneDrive');
    assert.equal(connection.scope, 'personal');
    assert.equal(connection.account, 'employee@contoso.example');
    assert.equal(connection.url, 'https://contoso.sharepoint.com');
    assert.equal(connection.state, 'connected');

    const row = await t.db.selectFrom('library_connections').select('credentials').where('id', '=', connection.id).executeTakeFirstOrThrow();
    assert.match(row.credentials, /^v1\.k1\./, 'sealed');
    assert.ok(!row.credentials.includes('eyJ'), 'no token in the clear');

    const list = await t.as('employee', { method: 'GET', url: '/api/libraries' });
    const { libraries, microsoft_available } = libraryListResponseSchema.parse(list.json());
    assert.equal(microsoft_available, true);
    assert.deepEqual(libraries.map((library) => library.id), [connection.id]);
    assert.ok(!list.body.includes('eyJ') && !list.body.includes('refresh'), 'no credentials in the answer');

    const folders = await t.as('employee', { method: 'GET', url: `/api/libraries/${connection.id}/folders` });
    assert.equal(folders.statusCode, 200, folders.body);
    assert.deepEqual(libraryFoldersResponseSchema.parse(folders.json()).folders.map((folder) => folder.path), ['OneDrive']);
    assert.ok(double.graphCalls(/^\/me\/drive/).every((call) => call.authorization?.startsWith('Bearer eyJ')), 'Graph got the provider-signed token');
  });

  it('refuses a state used already', async () => {
    const { authorize_url, state } = (await authorize('employee', { name: 'Twice', redirect_uri: CALLBACK })).json();
    const code = await popup(authorize_url, state, 'employee');
    assert.equal((await complete('employee', { code, state })).statusCode, 201);
    const again = await complete('employee', { code, state });
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().code, 'bad_request');
    assert.match(again.json().message, /unknown or finished/);
  });

  it("refuses another user's state and leaves it to its owner", async () => {
    const { authorize_url, state } = (await authorize('admin', { name: 'Company SharePoint', scope: 'company', redirect_uri: CALLBACK })).json();
    const code = await popup(authorize_url, state, 'admin');
    const stolen = await complete('employee', { code, state });
    assert.equal(stolen.statusCode, 400);
    assert.match(stolen.json().message, /unknown or finished/);
    const own = await complete('admin', { code, state });
    assert.equal(own.statusCode, 201, own.body);
    assert.equal(own.json().scope, 'company');
  });

  it('refuses an expired state', async () => {
    const { state } = (await authorize('employee', { name: 'Slow', redirect_uri: CALLBACK })).json();
    await t.db.updateTable('oauth_states').set({ expires_at: new Date(Date.now() - 1000) }).where('state', '=', state).execute();
    const late = await complete('employee', { code: 'any-code', state });
    assert.equal(late.statusCode, 400);
    assert.match(late.json().message, /ten minutes/);
  });

  it('answers 400 when the provider refuses the code (here: not one it issued)', async () => {
    const { state } = (await authorize('employee', { name: 'Forged', redirect_uri: CALLBACK })).json();
    const forged = await complete('employee', { code: 'not-a-code', state });
    assert.equal(forged.statusCode, 400, forged.body);
    assert.match(forged.json().message, /sign in again/);
  });

  it('returns the popup only to the portal, and company libraries only for administrators', async () => {
    for (const redirect_uri of ['https://attacker.example/oauth/callback', `${PORTAL_ORIGIN}/callback`, `${CALLBACK}?next=/x`]) {
      const refused = await authorize('employee', { name: 'x', redirect_uri });
      assert.equal(refused.statusCode, 400, redirect_uri);
    }
    const company = await authorize('employee', { name: 'x', scope: 'company', redirect_uri: CALLBACK });
    assert.equal(company.statusCode, 403);
    const bad = await complete('employee', { code: '', state: 'x' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'validation_failed');
  });

  it('signing in again to the same account renews the connection instead of adding one', async () => {
    const before = libraryListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/libraries' })).json()).libraries;
    const first = before.find((library) => library.name === 'My OneDrive')!;
    await t.db.updateTable('library_connections').set({ state: 'needs-sign-in', problem: 'expired' }).where('id', '=', first.id).execute();
    const { authorize_url, state } = (await authorize('employee', { name: 'Again', redirect_uri: CALLBACK })).json();
    const done = await complete('employee', { code: await popup(authorize_url, state, 'employee'), state });
    assert.equal(done.statusCode, 201, done.body);
    assert.equal(done.json().id, before[0]!.id);
    assert.equal(done.json().state, 'connected');
    const after = libraryListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/libraries' })).json()).libraries;
    assert.equal(after.length, before.length);
  });
});

describe('Microsoft 365 not configured', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(undefined, { env: { PORTAL_ORIGIN, LIBRARY_SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}` } });
  });
  after(() => t.close());

  it('is not offered: the list says so, and the sign-in answers 501', async () => {
    const list = libraryListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/libraries' })).json());
    assert.equal(list.microsoft_available, false);
    const refused = await t.as('employee', { method: 'POST', url: '/api/libraries/microsoft/authorize', payload: { name: 'x', redirect_uri: CALLBACK } });
    assert.equal(refused.statusCode, 501);
    assert.equal(refused.json().code, 'not_implemented');
  });
});
