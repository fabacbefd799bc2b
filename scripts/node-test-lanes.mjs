// How `npm test` runs the node:test files. Two kinds of file, scheduled differently:
// - an end-to-end file starts a whole system and a browser: it runs in a process of its own and
//   spends most of its time waiting (streams, polling, token lifetimes), so two may run side by side;
// - every other file (contracts, server, integration, lint) is grouped into shards, each shard ONE
//   Node process that imports its files in turn: the server's modules (Fastify, Kysely, PGlite, the
//   openai SDK, zod schemas) then load once per shard instead of once per file, which was about
//   4 s of CPU a file and most of the run's CPU.
// Lanes take work from both queues: while there are shards, one lane runs end-to-end files and the
// others shards, so the CPU-bound shards fill the time the browser suites wait.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runAsync } from './test-stages.mjs';
import { root } from './workspace.mjs';

const SHARD_FILES = 12;

/** Groups `files` into shard entry files (written under node_modules/.cache) of SHARD_FILES each. */
export function writeShards(files) {
  const dir = join(root, 'node_modules', '.cache', 'assistant-test-shards');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const shards = [];
  for (let start = 0; start < files.length; start += SHARD_FILES) {
    const part = files.slice(start, start + SHARD_FILES);
    const entry = join(dir, `shard-${shards.length + 1}.test.mjs`);
    // One import after the other: a file's tests register (and run) in the order the files have.
    writeFileSync(entry, part.map((file) => `await import(${JSON.stringify(pathToFileURL(file).href)});`).join('\n') + '\n');
    shards.push({ entry, files: part });
  }
  return shards;
}

/**
 * Runs the end-to-end files and the shards on `lanes` lanes, at most `e2eAtOnce` end-to-end files
 * at a time. Each job's spec output is printed whole when it ends (lanes do not interleave lines).
 * Resolves with the TAP counts and the names of failed tests.
 */
export async function runNodeTestLanes({ e2eFiles, shards, lanes, e2eAtOnce, env, work }) {
  const e2eQueue = [...e2eFiles];
  const shardQueue = [...shards];
  const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
  let e2eRunning = 0;
  let jobNumber = 0;

  const nextJob = (prefersBrowser) => {
    const canBrowser = e2eQueue.length > 0 && e2eRunning < e2eAtOnce;
    if ((prefersBrowser || shardQueue.length === 0) && canBrowser) return { kind: 'e2e', file: e2eQueue.shift() };
    if (shardQueue.length > 0) return { kind: 'shard', shard: shardQueue.shift() };
    return canBrowser ? { kind: 'e2e', file: e2eQueue.shift() } : undefined;
  };

  const runJob = async (job) => {
    const number = ++jobNumber;
    const tap = join(work, `job-${number}.tap`);
    const spec = join(work, `job-${number}.txt`);
    const target = job.kind === 'e2e' ? job.file : job.shard.entry;
    const label = job.kind === 'e2e' ? relative(root, job.file) : `${job.shard.files.length} files: ${job.shard.files.map((f) => relative(root, f)).join(', ')}`;
    const started = Date.now();
    const run = await runAsync(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-reporter-destination=${spec}`, '--test-reporter=tap', `--test-reporter-destination=${tap}`, target],
      { cwd: root, env, quiet: true },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const report = readOr(tap);
    const count = (key) => Number(report.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
    const failed = count('fail') + count('cancelled');
    totals.passed += count('pass');
    totals.failed += failed;
    totals.skipped += count('skipped') + count('todo');
    for (const m of report.matchAll(/^\s*not ok \d+ - (.+)$/gm)) totals.failures.push(m[1]);
    if (run.status !== 0 && failed === 0) {
      totals.failed += 1;
      totals.failures.push(`${label} (exited with ${run.status ?? run.signal})`);
    }
    console.log(`\n-- ${label} (${seconds} s${failed ? `, ${failed} failed` : ''})\n${readOr(spec)}${run.output}`);
  };

  // A lane with nothing it may start while browser suites are left waits for one to end.
  let slotFreed = () => {};
  const lane = async (index) => {
    for (;;) {
      // Lane 0 prefers the browser suites (the longest chain); the others the shards.
      const job = nextJob(index === 0);
      if (!job) {
        if (e2eQueue.length === 0) return;
        await new Promise((resolve) => {
          const previous = slotFreed;
          slotFreed = () => {
            previous();
            resolve();
          };
        });
        continue;
      }
      if (job.kind === 'e2e') e2eRunning += 1;
      try {
        await runJob(job);
      } finally {
        if (job.kind === 'e2e') {
          e2eRunning -= 1;
          const wake = slotFreed;
          slotFreed = () => {};
          wake();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, (_, index) => lane(index)));
  return totals;
}

function readOr(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
