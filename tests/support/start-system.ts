import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedPgliteDataDir } from '../../server/src/testing/test-pglite';
import { freePort } from './free-port';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningSystem {
  apiUrl: string;
  issuer: string;
  portalOrigin: string;
  dataDir: string;
  output(): string;
  /** SIGINT, as Ctrl-C does; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Removes the data folder (after stop). */
  cleanUp(): void;
}

/**
 * Starts the server the way `npm start` does (server/src/main.ts, which also starts the dev
 * identity provider), on free ports with its own data folder, and waits until it answers.
 */
export async function startSystem(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningSystem> {
  // A free port is released before the server binds it: with test files running side by side,
  // another process's connection can take it meanwhile. Fresh ports then, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startSystemOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startSystemOnce(options: { dataDir?: string; env?: NodeJS.ProcessEnv }): Promise<RunningSystem> {
  const [apiPort, idpPort] = [await freePort(), await freePort()];
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'assistant-system-'));
  const portalOrigin = 'http://localhost:18080';
  if (!options.env?.DATABASE_URL) await seedPgliteDataDir(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(apiPort),
      IDP_PORT: String(idpPort),
      DATA_DIR: dataDir,
      PORTAL_ORIGIN: portalOrigin,
      OIDC_ISSUER: '',
      DEV_IDP: 'on',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const issuer = `http://localhost:${idpPort}`;
  await waitUntil(child, () => output, async () => {
    const [health, discovery] = await Promise.all([
      fetch(`${apiUrl}/health`),
      fetch(`${issuer}/.well-known/openid-configuration`),
    ]);
    return health.ok && discovery.ok;
  });

  return {
    apiUrl,
    issuer,
    portalOrigin,
    dataDir,
    output: () => output,
    stop: () => stopChild(child),
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function waitUntil(child: ChildProcess, output: () => string, ready: () => Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within 60 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGINT');
  });
}
