import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RemoteRegistryEntry } from '@assistant/contracts';
import { seedPgliteDataDir } from '../../../server/src/testing/test-pglite';
import { freePorts } from '../../support/free-port';

const repoRoot = resolve(import.meta.dirname, '../../..');

const REMOTES: Array<Omit<RemoteRegistryEntry, 'manifestUrl'>> = [
  { name: 'chat', routeBase: '/chat', featureFlag: 'enableChat', navigation: { labelKey: 'NAVIGATION.chat', icon: 'chat', order: 10 } },
  { name: 'qa', routeBase: '/usecases/qa' },
  { name: 'translate', routeBase: '/translate', featureFlag: 'enableTranslate', navigation: { labelKey: 'NAVIGATION.translate', icon: 'translate', order: 30 } },
  { name: 'agents', routeBase: '/agents', feature: 'personalAgents', navigation: { labelKey: 'NAVIGATION.agents', icon: 'agents', order: 20 } },
  { name: 'collections', routeBase: '/collections', featureFlag: 'enableCollections', feature: 'collections', navigation: { labelKey: 'NAVIGATION.collections', icon: 'collections', order: 40 } },
  // One remote at several route bases, each entry naming its route table (scripts/portal-layout.mjs).
  { name: 'usecases', routeBase: '/usecases/summarize', mount: 'summarize', featureFlag: 'enableExtensibleSummarize', navigation: { labelKey: 'NAVIGATION.summarize', icon: 'summarize', order: 50 } },
  { name: 'usecases', routeBase: '/usecases/generate', mount: 'generate', featureFlag: 'enableExtensibleGenerate', navigation: { labelKey: 'NAVIGATION.generate', icon: 'generate', order: 60 } },
  { name: 'usecases', routeBase: '/usecases/transcribe', mount: 'transcribe', requires: 'transcription', navigation: { labelKey: 'NAVIGATION.transcribe', icon: 'transcribe', order: 70 } },
  { name: 'usecases', routeBase: '/create-your-own', mount: 'create-your-own', navigation: { labelKey: 'NAVIGATION.customApps', icon: 'apps', order: 80 } },
  { name: 'usecases', routeBase: '/usecases', mount: 'custom-apps' },
];

export interface RunningPortal {
  portalUrl: string;
  apiUrl: string;
  issuer: string;
  /** The registry the portal serves, as written now. */
  registry(): RemoteRegistryEntry[];
  /** Rewrites the registry file (the portal reads it per request: no restart, no rebuild). */
  writeRegistry(entries: RemoteRegistryEntry[]): void;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The whole system the way a user starts it (`scripts/start.mjs`: build where needed, API server
 * with the dev identity provider, portal, six remotes), on free ports with a fresh data folder
 * and a registry file the test can rewrite. `env` adds or overrides variables (a model server).
 */
export async function startPortal(options: PortalOptions = {}): Promise<RunningPortal> {
  // A free port is released before the service binds it: with suites running side by side,
  // another process's connection can take it meanwhile. Fresh ports then, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startPortalOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** `env`: more variables, or a function of the addresses the services get (a test's service that needs the issuer). */
export interface PortalOptions {
  env?: NodeJS.ProcessEnv | ((urls: { portalUrl: string; apiUrl: string; issuer: string }) => NodeJS.ProcessEnv);
}

async function startPortalOnce(options: PortalOptions): Promise<RunningPortal> {
  // One port per service (a remote mounted at several bases has one), all different.
  const remoteNames = [...new Set(REMOTES.map((remote) => remote.name))];
  const [portal, api, idp, ...remotePorts] = await freePorts(3 + remoteNames.length);
  const ports = {
    portal: portal!,
    api: api!,
    idp: idp!,
    remotes: Object.fromEntries(remoteNames.map((name, index) => [name, remotePorts[index]!] as const)),
  };
  const work = mkdtempSync(join(tmpdir(), 'assistant-e2e-'));
  const registryFile = join(work, 'remotes.json');
  let current: RemoteRegistryEntry[] = REMOTES.map((remote) => ({
    ...remote,
    manifestUrl: `http://localhost:${ports.remotes[remote.name]}/mf-manifest.json`,
  }));
  const writeRegistry = (entries: RemoteRegistryEntry[]) => {
    current = entries;
    writeFileSync(registryFile, JSON.stringify({ remotes: entries }, null, 2));
  };
  writeRegistry(current);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORTAL_PORT: String(ports.portal),
    PORT: String(ports.api),
    IDP_PORT: String(ports.idp),
    DATA_DIR: join(work, 'data'),
    REMOTE_REGISTRY_FILE: registryFile,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    OIDC_ISSUER: '',
    PORTAL_ORIGIN: '',
    // No model or translation engine unless a test names one (no detection of a local Ollama).
    OPENAI_BASE_URL: '',
    OLLAMA_URL: '',
    DEEPL_API_KEY: '',
    LIBRETRANSLATE_URL: '',
    ...(typeof options.env === 'function' ? options.env(urlsOf(ports)) : options.env),
  };
  for (const [name, port] of Object.entries(ports.remotes)) env[`REMOTE_${name.toUpperCase()}_PORT`] = String(port);
  if (!env.DATABASE_URL) await seedPgliteDataDir(env.DATA_DIR!);

  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const { portalUrl, apiUrl, issuer } = urlsOf(ports);
  try {
    await waitForAll(child, () => output, [
      `${portalUrl}/portal-config.json`,
      `${apiUrl}/health`,
      `${issuer}/.well-known/openid-configuration`,
      ...Object.values(ports.remotes).map((port) => `http://localhost:${port}/mf-manifest.json`),
    ]);
  } catch (error) {
    await stopChild(child);
    rmSync(work, { recursive: true, force: true });
    throw error;
  }

  return {
    portalUrl,
    apiUrl,
    issuer,
    registry: () => current,
    writeRegistry,
    output: () => output,
    async stop() {
      await stopChild(child);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The build runs first (minutes on a fresh clone), so the wait is long; a crash ends it at once. */
async function waitForAll(child: ChildProcess, output: () => string, urls: string[]) {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`start.mjs exited with ${child.exitCode}:\n${output()}`);
    const answers = await Promise.all(urls.map((url) => fetch(url).then((r) => r.ok, () => false)));
    if (answers.every(Boolean)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`the system did not come up within 10 minutes:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

function urlsOf(ports: { portal: number; api: number; idp: number }) {
  return { portalUrl: `http://localhost:${ports.portal}`, apiUrl: `http://127.0.0.1:${ports.api}`, issuer: `http://localhost:${ports.idp}` };
}
