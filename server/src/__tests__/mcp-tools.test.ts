import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import pino from 'pino';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { listMcpTools, McpUnavailableError } from '../mcp/mcp-client';
import { McpServersRepository } from '../mcp/mcp-servers-repository';
import { mcpTools, slugOf, type McpToolsContext } from '../mcp/mcp-tools';
import { loadSettingsSeed } from '../settings/load-seed';
import { DEMO_SEED_FILE } from '../testing/test-app';
import { TOOL_NAME_PATTERN, ToolError, type Tool, type ToolContext } from '../tools/tool';
import { startTestMcpServer, type TestMcpServer } from '../../../tests/fixtures/test-mcp-server';

/** A logger whose warnings the test reads. */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe('mcpTools: MCP servers as tools of the tool-calling loop', () => {
  let handle: DatabaseHandle;
  let repository: McpServersRepository;
  let hr: TestMcpServer;
  let it2: TestMcpServer;
  let slow: TestMcpServer;
  const ids: Record<string, string> = {};

  before(async () => {
    handle = await openTestPglite();
    await new SettingsRepository(handle.db).seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
    repository = new McpServersRepository(handle.db);
    hr = await startTestMcpServer({ token: 'hr-token', name: 'HR' });
    it2 = await startTestMcpServer({ name: 'IT' });
    slow = await startTestMcpServer({ listDelayMs: 5_000 });
    const dead = await startTestMcpServer();
    await dead.close();
    ids.hr = (await repository.create({ name: 'Personal & Häuser', url: hr.url, bearer_token: 'hr-token' }, 'admin')).id;
    ids.it = (await repository.create({ name: 'IT', url: it2.url, bearer_token: undefined }, 'admin')).id;
    ids.slow = (await repository.create({ name: 'Slow', url: slow.url, bearer_token: undefined }, 'admin')).id;
    ids.dead = (await repository.create({ name: 'Dead', url: dead.url, bearer_token: undefined }, 'admin')).id;
  });
  after(async () => {
    await Promise.all([hr.close(), it2.close(), slow.close()]);
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.updateTable('app_settings').set({ value: JSON.stringify('BETA') }).where('key', '=', 'feature_set').execute();
  });

  const context = (log = recordingLogger().log, signal = new AbortController().signal): McpToolsContext => ({
    db: handle.db,
    owner: 'employee',
    signal,
    log,
    listTimeoutMs: 500,
    callTimeoutMs: 500,
  });
  const toolContext = (signal: AbortSignal = new AbortController().signal): ToolContext => ({ owner: 'employee', isAdmin: false, groups: [], signal });
  const byName = (tools: Tool[], name: string) => {
    const tool = tools.find((candidate) => candidate.name === name);
    assert.ok(tool, `${name} among ${tools.map((t) => t.name).join(', ')}`);
    return tool;
  };

  it('names each tool <server-slug>__<tool>, valid and unique, with its schema as parameters', async () => {
    const tools = await mcpTools([ids.hr!, ids.it!], context());
    assert.deepEqual(
      tools.map((tool) => tool.name),
      [
        'personal-hauser__lookup_employee',
        'personal-hauser__policy_document',
        'personal-hauser__slow_tool',
        'personal-hauser__failing_tool',
        'it__lookup_employee',
        'it__policy_document',
        'it__slow_tool',
        'it__failing_tool',
      ],
    );
    for (const tool of tools) assert.match(tool.name, TOOL_NAME_PATTERN);
    const lookup = byName(tools, 'personal-hauser__lookup_employee');
    assert.deepEqual(lookup.parameters, { type: 'object', properties: { name: { type: 'string', description: 'Full name' } }, required: ['name'] });
    assert.match(lookup.description, /\[HR\] Looks up an employee.*Personal & Häuser/);
  });

  it('calls the tool on its own server with the bearer token, and the result is text content', async () => {
    const tools = await mcpTools([ids.hr!, ids.it!], context());
    const hrCalls = hr.calls.length;
    const itCalls = it2.calls.length;
    const result = await byName(tools, 'personal-hauser__lookup_employee').run({ name: 'Erika Mustermann' }, toolContext());
    assert.deepEqual(result.content, [{ type: 'text', text: 'Erika Mustermann, Personalabteilung, Raum 2.14, Durchwahl 4711', source_index: 0 }]);
    assert.equal(typeof result.modelText === 'string' ? result.modelText : result.modelText(0), 'Erika Mustermann, Personalabteilung, Raum 2.14, Durchwahl 4711');
    assert.deepEqual(hr.calls.slice(hrCalls), ['lookup_employee']);
    assert.equal(it2.calls.length, itCalls, "the other server's tool of the same name was not called");
    const calls = hr.requests.filter((request) => request.body?.method === 'tools/call');
    assert.equal(calls.at(-1)?.headers.authorization, 'Bearer hr-token');
    assert.ok(it2.requests.every((request) => request.headers.authorization === undefined), 'the token goes to its own server only');
  });

  it('maps an embedded resource to resource content with uri and mimeType; the model gets its text', async () => {
    const tools = await mcpTools([ids.it!], context());
    const result = await byName(tools, 'it__policy_document').run({}, toolContext());
    assert.deepEqual(result.content, [{ type: 'resource', resource: { uri: 'policy://travel/2026', mimeType: 'text/plain', metadata: {} }, source_index: 0 }]);
    const text = typeof result.modelText === 'string' ? result.modelText : result.modelText(0);
    assert.match(text, /policy:\/\/travel\/2026/);
    assert.match(text, /Travel by train is preferred/);
  });

  it('turns a slow call into a readable ToolError, and a tool-reported error too', async () => {
    const tools = await mcpTools([ids.it!], context());
    await assert.rejects(byName(tools, 'it__slow_tool').run({ ms: 3_000 }, toolContext()), (error: unknown) => {
      assert.ok(error instanceof ToolError);
      assert.equal(error.message, 'The tool server "IT" did not answer in time.');
      return true;
    });
    await assert.rejects(byName(tools, 'it__failing_tool').run({}, toolContext()), (error: unknown) => {
      assert.ok(error instanceof ToolError);
      assert.match(error.message, /failing_tool of "IT" reported an error: The HR system is in maintenance\./);
      return true;
    });
    await assert.rejects(byName(tools, 'it__lookup_employee').run('Erika', toolContext()), ToolError);
  });

  it('a call to a server that went down is a ToolError naming the server', async () => {
    const gone = await startTestMcpServer({ name: 'Gone' });
    const id = (await repository.create({ name: 'Gone soon', url: gone.url, bearer_token: undefined }, 'admin')).id;
    const tools = await mcpTools([id], context());
    await gone.close();
    await assert.rejects(byName(tools, 'gone-soon__lookup_employee').run({ name: 'Max Mustermann' }, toolContext()), {
      name: 'ToolError',
      message: 'The tool server "Gone soon" did not answer.',
    });
    await repository.delete(id, 'admin');
  });

  it('stops a call when the request is aborted', async () => {
    const tools = await mcpTools([ids.it!], context());
    const controller = new AbortController();
    const started = Date.now();
    const call = byName(tools, 'it__slow_tool').run({ ms: 3_000 }, toolContext(controller.signal));
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await assert.rejects(call, (error: unknown) => !(error instanceof ToolError));
    assert.ok(Date.now() - started < 450, 'before the call timeout');
  });

  it('leaves out a dead and a slow server with a logged reason; the others still come', async () => {
    const { log, lines } = recordingLogger();
    const started = Date.now();
    const tools = await mcpTools([ids.dead!, ids.slow!, ids.it!, 'not-a-uuid', '6f1c2b1e-0000-4000-8000-000000000000'], context(log));
    assert.ok(Date.now() - started < 3_000, 'the slow server was not waited for');
    assert.deepEqual([...new Set(tools.map((tool) => tool.name.split('__')[0]))], ['it']);
    const reasons = lines.filter((line) => line.msg === 'MCP server left out: its tools could not be listed');
    assert.deepEqual(reasons.map((line) => line.name).sort(), ['Dead', 'Slow']);
    assert.match(String(reasons.find((line) => line.name === 'Slow')?.reason), /did not answer within/);
  });

  it('lists nothing unless the feature set is BETA, and nothing for no ids', async () => {
    assert.deepEqual(await mcpTools([], context()), []);
    await handle.db.updateTable('app_settings').set({ value: JSON.stringify('251000') }).where('key', '=', 'feature_set').execute();
    const before = it2.requests.length;
    assert.deepEqual(await mcpTools([ids.it!], context()), []);
    assert.equal(it2.requests.length, before, 'the server was not asked');
  });

  it('listMcpTools times out with McpUnavailableError(timeout)', async () => {
    const server = await repository.connection(ids.slow!);
    await assert.rejects(listMcpTools(server!, { timeoutMs: 200 }), (error: unknown) => error instanceof McpUnavailableError && error.kind === 'timeout');
  });

  it('makes a server name a tool-name prefix', () => {
    assert.equal(slugOf('Personal & Häuser'), 'personal-hauser');
    assert.equal(slugOf('  ***  '), 'mcp');
    assert.equal(slugOf('A very long server name that goes on and on'), 'a-very-long-server-name');
  });

  it('keeps two servers of the same slug apart', async () => {
    const twin = (await repository.create({ name: 'IT!', url: it2.url, bearer_token: undefined }, 'admin')).id;
    const tools = await mcpTools([ids.it!, twin], context());
    const names = tools.map((tool) => tool.name);
    assert.equal(new Set(names).size, names.length);
    assert.ok(names.includes('it__lookup_employee') && names.includes('it__lookup_employee_2'), names.join(', '));
    await repository.delete(twin, 'admin');
  });
});
