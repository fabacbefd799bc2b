import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildServer, SERVER_DIR } from '../../scripts/build-server.mjs';
import { seedPgliteDataDir } from '../../server/src/testing/test-pglite';
import { freePort } from '../support/free-port';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The container image's command (exec form), which `npm start` runs too: no engine runs here. */
function imageCommand(): string[] {
  const dockerfile = readFileSync(join(repoRoot, 'deploy/docker/server.Dockerfile'), 'utf8');
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  assert.ok(cmd, 'server.Dockerfile has a CMD in exec form');
  return JSON.parse(cmd) as string[];
}

describe('the compiled server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'assistant-compiled-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  before(async () => {
    await buildServer({ log: () => {} });
    await seedPgliteDataDir(dataDir);
  });

  it("runs the image's command against the build output: it answers /health and stops on SIGTERM", async () => {
    const [command, ...args] = imageCommand();
    assert.equal(command, 'node');
    const port = await freePort();
    // As in the image: in server/, production, a company issuer and no dev identity provider.
    const child = spawn(process.execPath, args, {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        OIDC_ISSUER: 'https://login.corp.example',
        WEB_CONCURRENCY: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      let health: Response | undefined;
      for (const deadline = Date.now() + 60_000; !health && Date.now() < deadline; ) {
        assert.equal(child.exitCode, null, `the server exited:\n${output}`);
        health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
        if (!health) await new Promise((done) => setTimeout(done, 100));
      }
      assert.ok(health, `no answer within 60 s:\n${output}`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: 'ok', database: 'ok' });
      // The API's routes are there and guarded as in development.
      assert.equal((await fetch(`http://127.0.0.1:${port}/api/conversations`)).status, 401);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0, output);
  });
});
