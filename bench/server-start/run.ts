// The API server's start time and memory at rest: the compiled server (server/dist, made by
// scripts/build-server.mjs, what `npm start` and the container image run) on PGlite and on
// PostgreSQL, beside a floor measured in the same run (a bare node process starting a Fastify
// server that answers /health: floor-server.mjs) and the same server compiled at start by tsx.
// See bench/README.md#server-start.
//
//   flock /tmp/heavy.lock node --import tsx bench/server-start/run.ts [--rounds 3] [--idle 5] [--no-tsx]
//
// Per case: one start first that is not counted (it creates PGlite's cluster or migrates the
// PostgreSQL database, and fills the file cache), then --rounds starts, the cases taking turns,
// each timed from spawn to the first 200 of GET /health, then left idle --idle seconds and its
// resident set size read from /proc (Linux). Medians are printed. The server runs as production would: NODE_ENV=production,
// one process (WEB_CONCURRENCY=1: the figure is per process), a company issuer (OIDC_ISSUER, no dev
// identity provider), no telemetry.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildServer, SERVER_DIR, SERVER_ENTRY } from '../../scripts/build-server.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    idle: { type: 'string', default: '5' },
    'no-tsx': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const IDLE_MS = Number(values.idle) * 1000;
const ROOT = resolve(import.meta.dirname, '../..');
const GOAL_RSS_MB = 150;
const GOAL_START_MS = 1000;

type TestPostgres = { url: string; stop(): void };
/** `goal`: the issue's goals apply (the compiled server on PostgreSQL; PGlite holds a database in the process). */
type Case = { name: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv; goal?: boolean };
type Sample = { startMs: number; rssMb: number };

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function healthy(port: number): Promise<boolean> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', timeout: 1000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

function rssMb(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : NaN;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** One start: spawn, poll /health every 5 ms, idle, read the RSS, stop. */
async function startOnce(test: Case): Promise<Sample> {
  const port = await freePort();
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, test.args, { cwd: test.cwd, env: { ...test.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new Error(`${test.name} exited with ${child.exitCode}:\n${output.slice(-2000)}`);
      if (performance.now() - started > 120_000) throw new Error(`${test.name} did not answer within 120 s:\n${output.slice(-2000)}`);
      await new Promise((done) => setTimeout(done, 5));
    }
    const startMs = performance.now() - started;
    await new Promise((done) => setTimeout(done, IDLE_MS));
    return { startMs, rssMb: rssMb(child.pid!) };
  } finally {
    await stop(child);
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

/**
 * Round by round across the cases, so that each case meets the same moments of a busy machine
 * (the floor too: the ratios stay comparable when other work comes and goes).
 */
async function measure(cases: Case[]): Promise<Sample[]> {
  for (const test of cases) await startOnce(test); // not counted: cluster creation or migrations, cold file cache
  const samples = cases.map((): Sample[] => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, test] of cases.entries()) samples[index]!.push(await startOnce(test));
  }
  return samples.map((of) => ({ startMs: median(of.map((s) => s.startMs)), rssMb: median(of.map((s) => s.rssMb)) }));
}

await buildServer({ log: (line) => console.log(line) });
const scratch = mkdtempSync(join(tmpdir(), 'bench-server-start-'));
const script = new URL('../../scripts/test-postgres.mjs', import.meta.url).href;
const { startTestPostgres } = (await import(script)) as { startTestPostgres(): Promise<TestPostgres | null> };
const postgres = await startTestPostgres();
if (!postgres) console.log('no PostgreSQL server could be started (scripts/test-postgres.mjs): PGlite only');

const serverEnv = (database: 'pglite' | 'postgres'): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  WEB_CONCURRENCY: '1',
  OIDC_ISSUER: 'https://login.corp.example',
  DATA_DIR: join(scratch, database),
  DATABASE_URL: database === 'postgres' ? postgres!.url : '',
  LOG_LEVEL: 'warn',
});
const withTsx = ['--import', 'tsx', 'src/main.ts'];
const databases = postgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const cases: Case[] = [
  { name: 'floor: bare Fastify answering /health', args: [join(import.meta.dirname, 'floor-server.mjs')], cwd: ROOT, env: { PATH: process.env.PATH } },
  ...databases.map((database) => ({ name: `compiled server, ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, args: [SERVER_ENTRY], cwd: SERVER_DIR, env: serverEnv(database), goal: database === 'postgres' })),
  ...(values['no-tsx'] ? [] : databases.map((database) => ({ name: `tsx server, ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, args: withTsx, cwd: SERVER_DIR, env: serverEnv(database) }))),
];

try {
  console.log(`server start: ${ROUNDS} starts per case (after one not counted), RSS after ${IDLE_MS / 1000} s idle, medians\n`);
  const results = (await measure(cases)).map((sample, index) => ({ test: cases[index]!, sample }));
  const floor = results[0]!.sample;
  console.log(`  ${'case'.padEnd(40)} ${'start'.padStart(9)} ${'x floor'.padStart(8)} ${'RSS'.padStart(9)} ${'x floor'.padStart(8)}  goal (start <= ${GOAL_START_MS} ms, RSS <= ${GOAL_RSS_MB} MB)`);
  for (const { test, sample } of results) {
    const goal = test.goal ? (sample.startMs <= GOAL_START_MS && sample.rssMb <= GOAL_RSS_MB ? 'met' : 'NOT met') : '';
    console.log(
      `  ${test.name.padEnd(40)} ${`${sample.startMs.toFixed(0)} ms`.padStart(9)} ${(sample.startMs / floor.startMs).toFixed(1).padStart(8)} ${`${sample.rssMb.toFixed(1)} MB`.padStart(9)} ${(sample.rssMb / floor.rssMb).toFixed(1).padStart(8)}  ${goal}`,
    );
  }
  console.log(`\n  load average of the machine (1, 5, 15 min): ${loadavg().map((load) => load.toFixed(1)).join(', ')} on ${availableParallelism()} cores`);
} finally {
  postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
