import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  adminSettingsSchema,
  collectionSummarySchema,
  conversationSchema,
  ingestionRunsPageSchema,
  streamEventSchema,
  uploadResponseSchema,
  type IngestionRun,
} from '@assistant/contracts';
import { TestIssuer } from '../../server/src/testing/test-issuer';
import { startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { freePort } from '../support/free-port';

/**
 * Several server processes on one PostgreSQL (docs/operations.md "Several server processes"):
 * two separate `main.ts` on two ports and one database (as two replicas, sharing DATA_DIR as
 * replicas share a volume), and `WEB_CONCURRENCY=2` forking two workers on one port. Users sign in
 * at a TestIssuer (both processes fetch its JWKS); the scripted model server stands in for the model.
 */
const repoRoot = resolve(import.meta.dirname, '../..');

interface PgClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
}

interface TestDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A fresh database: in TEST_DATABASE_URL's server when set (npm test starts one), else a
 * throw-away server of scripts/test-postgres.mjs. Undefined where none can be had (skipped, as
 * the storage tests run on PGlite only there; CI requires PostgreSQL, so there it fails).
 */
async function testDatabase(): Promise<TestDatabase | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // The server's own PostgreSQL client (the tests package has none).
    const pg = createRequire(join(repoRoot, 'server/package.json'))('pg') as { Client: new (options: { connectionString: string }) => PgClient };
    const name = `assistant_processes_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async stop() {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const script = new URL('../../scripts/test-postgres.mjs', import.meta.url).href;
  const { startTestPostgres } = (await import(script)) as { startTestPostgres(): Promise<{ url: string; stop(): void } | null> };
  const server = await startTestPostgres();
  if (!server) {
    if (process.env.CI) throw new Error('CI must run this test on PostgreSQL: no server could be started (scripts/test-postgres.mjs)');
    return undefined;
  }
  return { url: server.url, stop: async () => server.stop() };
}

interface ServerProcess {
  origin: string;
  child: ChildProcess;
  output(): string;
  /** The JSON log lines so far (pino), others left out. */
  logLines(): Array<Record<string, unknown>>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORTAL_ORIGIN: 'http://localhost:18080',
      DEV_IDP: 'off',
      OLLAMA_URL: '',
      LOG_LEVEL: 'info',
      CHAT_TOOLS: 'off',
      METRICS_PORT: '',
      METRICS_TOKEN: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (await fetch(`${origin}/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    child,
    output: () => output,
    logLines: () =>
      output.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
        child.kill(signal);
      });
    },
  };
}

/** One request on a connection of its own (no keep-alive), so the cluster hands each to a worker anew. */
function healthOnNewConnection(origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${origin}/health`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const database = await testDatabase();
const skip = database ? false : 'no PostgreSQL server could be started here (scripts/test-postgres.mjs needs Debian\'s postgresql; CI installs it)';

describe('two server processes on one PostgreSQL', { skip }, () => {
  let issuer: TestIssuer;
  let model: ScriptedModelServer;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const tokens: Record<'employee' | 'admin', string> = { employee: '', admin: '' };

  before(async () => {
    issuer = await TestIssuer.start();
    model = await startScriptedModelServer({
      rules: [
        { system: 'Classify the user', reply: JSON.stringify({ greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false }) },
        { system: 'Write a short title', reply: '"The word."' },
        { match: /remember the word/i, reply: 'Noted: PELICAN-7.' },
        { match: /which word/i, reply: (_text, request) => (JSON.stringify(request.messages).includes('PELICAN-7') ? 'It was PELICAN-7.' : 'I do not know.') },
      ],
    });
    dataDir = mkdtempSync(join(tmpdir(), 'assistant-processes-'));
    tokens.employee = await issuer.sign({ sub: 'employee-1', name: 'Erika Employee', roles: [], groups: [] });
    tokens.admin = await issuer.sign({ sub: 'admin-1', name: 'Ada Admin', roles: ['assistant-admin'], groups: [] });
    const shared = {
      DATABASE_URL: database!.url,
      DATA_DIR: dataDir,
      OIDC_ISSUER: issuer.issuer,
      OPENAI_BASE_URL: model.url,
      WEB_CONCURRENCY: '1',
    };
    // Together, as replicas start: migrations, extensions and the settings seed must not race.
    [a, b] = await Promise.all([startServer({ ...shared, PORT: String(await freePort()) }), startServer({ ...shared, PORT: String(await freePort()) })]);
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await model?.close();
    await issuer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (server: ServerProcess, user: keyof typeof tokens, path: string, init: RequestInit = {}) =>
    fetch(`${server.origin}${path}`, { ...init, headers: { authorization: `Bearer ${tokens[user]}`, ...init.headers } });

  async function ask(server: ServerProcess, conversationId: string, content: string) {
    const response = await call(server, 'employee', `/api/conversations/${conversationId}/messages/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
    });
    const body = await response.text();
    assert.equal(response.status, 200, body);
    const events = body
      .split('\n')
      .filter(Boolean)
      .map((line) => streamEventSchema.parse(JSON.parse(line)));
    assert.equal(events.at(-1)?.kind, 'done', body);
    // The answer's text: the appends of its stream.
    return events.flatMap((event) => (event.kind === 'stream_text' && event.event.type === 'append' ? [event.event.delta] : [])).join('');
  }

  it('started together, both prepared the same search storage (start-up work under a lock, no race)', () => {
    const searchLines = (server: ServerProcess) => server.logLines().filter((line) => typeof line.msg === 'string' && line.msg.startsWith('search: '));
    const [fromA, fromB] = [searchLines(a), searchLines(b)];
    assert.equal(fromA.length, 1, a.output());
    assert.deepEqual([fromB[0]?.mode, fromB[0]?.notes], [fromA[0]!.mode, fromA[0]!.notes]);
    // No error lines (pino level 50 and above) and no refused extension.
    assert.doesNotMatch(a.output() + b.output(), /could not be installed|"level":[56]\d/);
  });

  it('continues through B a conversation started through A: the model sees the first exchange', async () => {
    const created = await call(a, 'employee', '/api/conversations?name=Words', { method: 'POST' });
    assert.equal(created.status, 201);
    const conversation = conversationSchema.parse(await created.json());

    const first = await ask(a, conversation.id, 'Please remember the word PELICAN-7.');
    assert.equal(first, 'Noted: PELICAN-7.');
    const second = await ask(b, conversation.id, 'Which word did I ask you to remember?');
    assert.equal(second, 'It was PELICAN-7.');

    const answerCall = model.chatRequests().find((request) => request.stream && /which word/i.test(request.lastUserMessage ?? ''));
    assert.ok(answerCall, 'the second answer was asked of the model');
    const history = (answerCall.body.messages as Array<{ role: string; content: unknown }>).filter((m) => m.role !== 'system');
    assert.deepEqual(
      history.map((m) => [m.role, typeof m.content === 'string' ? m.content : JSON.stringify(m.content)]),
      [
        ['user', 'Please remember the word PELICAN-7.'],
        ['assistant', 'Noted: PELICAN-7.'],
        ['user', 'Which word did I ask you to remember?'],
      ],
    );
    // Both stored, whoever is asked.
    const stored = (await (await call(a, 'employee', `/api/conversations/${conversation.id}/messages`)).json()) as { messages: Array<{ content: string }> };
    assert.deepEqual(stored.messages.map((m) => m.content), ['Please remember the word PELICAN-7.', 'Noted: PELICAN-7.', 'Which word did I ask you to remember?', 'It was PELICAN-7.']);
  });

  it('runs each uploaded document\'s ingestion once, with both processes\' runners live', async () => {
    const createdCollection = await call(a, 'employee', '/api/collections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Notes' }),
    });
    assert.equal(createdCollection.status, 201, await createdCollection.clone().text());
    const collection = collectionSummarySchema.parse(await createdCollection.json());
    const form = new FormData();
    for (let n = 1; n <= 6; n += 1) form.append('files', new Blob([`Note ${n}: the pelican count is ${n * 7}.\n`], { type: 'text/plain' }), `note-${n}.txt`);
    const uploaded = await call(a, 'employee', `/api/collections/${collection.id}/files`, { method: 'POST', body: form });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const files = uploadResponseSchema.parse(await uploaded.json()).files;
    assert.equal(files.length, 6);

    // Seen through B: every file processed.
    let runs: IngestionRun[] = [];
    await waitFor('every file processed', async () => {
      const page = await call(b, 'employee', `/api/ingestion/runs?collection_id=${collection.id}&size=100`);
      runs = ingestionRunsPageSchema.parse(await page.json()).runs;
      return runs.length === 6 && runs.every((run) => run.status === 'completed');
    });
    assert.deepEqual(new Set(runs.map((run) => run.fileId)), new Set(files.map((file) => file.fileId)), 'one run per file');
    // Each run was worked on by exactly one process: one "ingestion completed" line per run, over both logs.
    await new Promise((r) => setTimeout(r, 300));
    const completed = [...a.logLines(), ...b.logLines()].filter((line) => line.msg === 'ingestion completed').map((line) => line.runId as string);
    assert.deepEqual(completed.slice().sort(), runs.map((run) => run.id).sort());
  });

  it('shows a settings change made through A through B at once', async () => {
    const read = async (server: ServerProcess) => adminSettingsSchema.parse(await (await call(server, 'admin', '/api/admin/settings')).json());
    const before = await read(b);
    const next = !before.feature_flags.enableHomepage;
    const changed = await call(a, 'admin', '/api/admin/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ feature_flags: { enableHomepage: next } }),
    });
    assert.equal(changed.status, 200, await changed.clone().text());
    // The very next requests through B, no waiting: the admin's view and what every user reads.
    assert.equal((await read(b)).feature_flags.enableHomepage, next);
    const flags = (await (await call(b, 'employee', '/api/feature-flags')).json()) as Record<string, boolean>;
    assert.equal(flags.enableHomepage, next);
  });
});

describe('WEB_CONCURRENCY=2 with DATABASE_URL', { skip }, () => {
  it('forks two workers that share one port, restarts one that dies, and stops on SIGTERM', async () => {
    const issuer = await TestIssuer.start();
    const dataDir = mkdtempSync(join(tmpdir(), 'assistant-cluster-'));
    let server: ServerProcess | undefined;
    try {
      const metricsPort = await freePort();
      const metricsToken = randomBytes(16).toString('hex');
      server = await startServer({
        DATABASE_URL: database!.url,
        DATA_DIR: dataDir,
        OIDC_ISSUER: issuer.issuer,
        WEB_CONCURRENCY: '2',
        PORT: String(await freePort()),
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: metricsToken,
      });
      const primary = server.child.pid!;
      const running = server;
      const listening = () => running.logLines().filter((line) => line.msg === 'server process listening');
      await waitFor('the second worker', () => listening().length === 1);

      const workerPids = async () => {
        const statuses = await Promise.all(Array.from({ length: 16 }, () => healthOnNewConnection(running.origin)));
        assert.ok(statuses.every((status) => status === 200), String(statuses));
        await new Promise((r) => setTimeout(r, 200));
        return new Set(running.logLines().filter((line) => (line.req as { url?: string } | undefined)?.url === '/health').map((line) => line.pid as number));
      };
      // The primary hands connections round-robin, but a worker that has just started listening
      // may miss a first burst: ask again for a while before calling it one process.
      let pids = await workerPids();
      for (let attempt = 0; pids.size < 2 && attempt < 10; attempt += 1) pids = await workerPids();
      assert.equal(pids.size, 2, `two processes answered: ${[...pids].join(', ')}`);
      assert.ok(!pids.has(primary), 'the primary serves no requests');

      // Metrics: the workers' figures added up, on METRICS_PORT (the primary) and on the API port (any worker asks the primary).
      const healthCount = (text: string) => Number(/^assistant_http_requests_total\{method="GET",route="\/health",status_code="200"\} (\d+)/m.exec(text)?.[1]);
      const answered = running.logLines().filter((line) => (line.req as { url?: string } | undefined)?.url === '/health').length;
      const fromPrimary = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      assert.equal(healthCount(fromPrimary), answered, fromPrimary.slice(0, 2000));
      const fromWorker = await (await fetch(`${running.origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
      assert.equal(healthCount(fromWorker), answered);

      // A worker that dies is started again in its slot.
      const second = listening()[0]!.pid as number;
      process.kill(second, 'SIGKILL');
      await waitFor('the worker started again', () => listening().length === 2);
      const restarted = listening()[1]!.pid as number;
      assert.notEqual(restarted, second);
      assert.equal((await healthOnNewConnection(running.origin)), 200);

      const workers = [...pids].filter((pid) => pid !== second).concat(restarted);
      assert.equal(await running.stop('SIGTERM'), 0, running.output());
      for (const pid of workers) assert.throws(() => process.kill(pid, 0), /ESRCH/, `worker ${pid} stopped with the primary`);
      assert.match(running.output(), /stopping the server processes/);
    } finally {
      await server?.stop('SIGKILL');
      await issuer.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

after(async () => {
  await database?.stop();
});
