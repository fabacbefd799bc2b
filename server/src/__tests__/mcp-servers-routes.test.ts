import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  apiErrorSchema,
  mcpServerListResponseSchema,
  mcpServerSchema,
  mcpServerTestResponseSchema,
  userMcpServerListResponseSchema,
} from '@assistant/contracts';
import { startTestMcpServer, type TestMcpServer } from '../../../tests/fixtures/test-mcp-server';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('MCP server registrations (/api/admin/mcp-servers, /api/mcp-servers)', () => {
  let t: TestApp;
  let mcp: TestMcpServer;
  let secured: TestMcpServer;
  before(async () => {
    t = await startTestApp();
    mcp = await startTestMcpServer();
    secured = await startTestMcpServer({ token: 'hr-secret-token' });
  });
  after(async () => {
    await mcp.close();
    await secured.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('mcp_servers').execute();
    await t.db.updateTable('app_settings').set({ value: JSON.stringify('BETA') }).where('key', '=', 'feature_set').execute();
  });

  const register = (payload: object) => t.as('admin', { method: 'POST', url: '/api/admin/mcp-servers', payload });

  it('registers a server; the bearer token is stored but never returned, only has_auth', async () => {
    const created = await register({ name: 'HR', url: secured.url, bearer_token: 'hr-secret-token' });
    assert.equal(created.statusCode, 201, created.body);
    assert.ok(!created.body.includes('hr-secret-token'));
    const server = mcpServerSchema.parse(created.json());
    assert.equal(server.has_auth, true);
    assert.equal(server.name, 'HR');

    const list = await t.as('admin', { method: 'GET', url: '/api/admin/mcp-servers' });
    assert.ok(!list.body.includes('hr-secret-token'));
    assert.deepEqual(mcpServerListResponseSchema.parse(list.json()).servers.map((s) => [s.name, s.has_auth]), [['HR', true]]);

    const stored = await t.db.selectFrom('mcp_servers').select('bearer_token').executeTakeFirstOrThrow();
    assert.equal(stored.bearer_token, 'hr-secret-token');
  });

  it('refuses a wrong registration with the fields named', async () => {
    const response = await register({ name: ' ', url: 'ftp://example.org/mcp', bearer_token: 'with space', extra: 1 });
    assert.equal(response.statusCode, 400);
    const paths = apiErrorSchema.parse(response.json()).issues!.map((issue) => issue.path.join('.'));
    for (const path of ['body.name', 'body.url', 'body.bearer_token']) assert.ok(paths.includes(path), paths.join(' | '));
    assert.equal((await register({ name: 'HR', url: 'https://admin:pw@mcp.example.org/mcp' })).statusCode, 400);
    assert.equal((await t.db.selectFrom('mcp_servers').select('id').execute()).length, 0);
  });

  it('refuses a second server of the same name with 409 conflict', async () => {
    assert.equal((await register({ name: 'HR', url: mcp.url })).statusCode, 201);
    const again = await register({ name: 'hr', url: mcp.url });
    assert.equal(again.statusCode, 409);
    assert.equal(apiErrorSchema.parse(again.json()).code, 'conflict');
  });

  it('answers 403 to a non-administrator before reading the body, for every admin route', async () => {
    const id = mcpServerSchema.parse((await register({ name: 'HR', url: mcp.url })).json()).id;
    const requests = [
      { method: 'GET', url: '/api/admin/mcp-servers' },
      { method: 'POST', url: '/api/admin/mcp-servers', payload: { name: 1 } },
      { method: 'DELETE', url: `/api/admin/mcp-servers/${id}` },
      { method: 'POST', url: `/api/admin/mcp-servers/${id}/test` },
    ] as const;
    for (const request of requests) {
      const response = await t.as('employee', request);
      assert.equal(response.statusCode, 403, `${request.method} ${request.url}`);
      assert.equal(apiErrorSchema.parse(response.json()).code, 'forbidden');
      assert.equal(apiErrorSchema.parse(response.json()).issues, undefined, 'no validation details');
    }
    assert.equal(mcp.requests.length, 0, 'the test was not run');
    assert.equal((await t.db.selectFrom('mcp_servers').select('id').execute()).length, 1, 'nothing removed');
  });

  it('tests a server: lists its tools, sending the bearer token to it', async () => {
    const id = mcpServerSchema.parse((await register({ name: 'HR', url: secured.url, bearer_token: 'hr-secret-token' })).json()).id;
    const before = secured.requests.length;
    const response = await t.as('admin', { method: 'POST', url: `/api/admin/mcp-servers/${id}/test` });
    assert.equal(response.statusCode, 200, response.body);
    const { tools } = mcpServerTestResponseSchema.parse(response.json());
    assert.deepEqual(tools.map((tool) => tool.name), ['lookup_employee', 'policy_document', 'slow_tool', 'failing_tool']);
    assert.match(tools[0]!.description, /Looks up an employee/);
    const seen = secured.requests.slice(before).filter((request) => request.method === 'POST');
    assert.ok(seen.length >= 2, 'initialize and tools/list');
    for (const request of seen) assert.equal(request.headers.authorization, 'Bearer hr-secret-token');
  });

  it('says why a test failed: a wrong token (502), a dead server (502), an unknown id (404)', async () => {
    const wrong = mcpServerSchema.parse((await register({ name: 'Wrong token', url: secured.url, bearer_token: 'nope' })).json()).id;
    const refused = await t.as('admin', { method: 'POST', url: `/api/admin/mcp-servers/${wrong}/test` });
    assert.equal(refused.statusCode, 502, refused.body);
    const refusedBody = apiErrorSchema.parse(refused.json());
    assert.equal(refusedBody.code, 'upstream_failed');
    assert.match(refusedBody.message, /refused the bearer token \(HTTP 401\)/);
    assert.ok(!refused.body.includes('nope'), 'the token is not echoed');
    assert.ok(!refused.body.includes('unauthorized"'), "the tool server's own answer text is not passed on");

    const dead = await startTestMcpServer();
    const deadUrl = dead.url;
    await dead.close();
    const deadId = mcpServerSchema.parse((await register({ name: 'Dead', url: deadUrl })).json()).id;
    const down = await t.as('admin', { method: 'POST', url: `/api/admin/mcp-servers/${deadId}/test` });
    assert.equal(down.statusCode, 502, down.body);
    assert.match(apiErrorSchema.parse(down.json()).message, /could not be reached/);

    const unknown = await t.as('admin', { method: 'POST', url: '/api/admin/mcp-servers/6f1c2b1e-0000-4000-8000-000000000000/test' });
    assert.equal(unknown.statusCode, 404);
  });

  it('removes a server (204), then 404', async () => {
    const id = mcpServerSchema.parse((await register({ name: 'HR', url: mcp.url })).json()).id;
    assert.equal((await t.as('admin', { method: 'DELETE', url: `/api/admin/mcp-servers/${id}` })).statusCode, 204);
    assert.equal((await t.as('admin', { method: 'DELETE', url: `/api/admin/mcp-servers/${id}` })).statusCode, 404);
    assert.equal((await t.as('admin', { method: 'DELETE', url: '/api/admin/mcp-servers/not-a-uuid' })).statusCode, 400);
  });

  it('gives users ids and names only, and only in feature set BETA', async () => {
    const created = mcpServerSchema.parse((await register({ name: 'HR', url: secured.url, bearer_token: 'hr-secret-token' })).json());
    const list = await t.as('employee', { method: 'GET', url: '/api/mcp-servers' });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json(), { servers: [{ id: created.id, name: 'HR' }] });
    assert.ok(!list.body.includes(secured.url) && !list.body.includes('hr-secret-token'));

    await t.db.updateTable('app_settings').set({ value: JSON.stringify('251000') }).where('key', '=', 'feature_set').execute();
    const gated = userMcpServerListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/mcp-servers' })).json());
    assert.deepEqual(gated.servers, []);
  });
});
