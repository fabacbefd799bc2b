// How `npm test` spreads its work over the machine: every check is a job, and jobs run on lanes.
// - CPU lanes (one per core) take the CPU-bound jobs in order: ESLint, the type-check programs,
//   jest in shards (one worker each), then the node:test files other than end-to-end, grouped
//   in shards: each shard is ONE Node process that imports a dozen files, so the server's modules
//   (Fastify, Kysely, PGlite, the openai SDK, the zod schemas) load once per shard instead of once
//   per file, which was about 4 s of CPU a file.
// - Browser lanes (E2E_CONCURRENCY, default 2) take the end-to-end files, each in a process of its
//   own, once the portal is built and Chromium is there. A browser suite spends most of its time
//   waiting (streams, polling, token lifetimes), so they run beside the CPU lanes from the start
//   instead of after them.
// Each job's output is printed whole when it ends, so lanes never interleave lines.
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

/** A result: counts, the names of what failed, and the output to print. */
export const outcome = (fields = {}) => ({ passed: 0, failed: 0, skipped: 0, failures: [], output: '', ...fields });

/**
 * The failed tests of a TAP report, each with its error's first lines and where it failed, so the
 * run's summary (the end of a long CI log, often all of it that is kept) says why, not only what.
 * A suite that failed because of its tests has no error of its own: only its name.
 */
export function failuresOf(report) {
  const lines = report.split('\n');
  const failures = [];
  lines.forEach((line, index) => {
    const failed = /^(\s*)not ok \d+ - (.+)$/.exec(line);
    if (!failed) return;
    const indent = `${failed[1]}  `;
    const block = [];
    for (let at = index + 1; at < lines.length && lines[at] !== `${indent}...`; at += 1) block.push(lines[at]);
    const field = (name) => {
      const start = block.findIndex((l) => l.startsWith(`${indent}${name}:`));
      if (start < 0) return [];
      const inline = block[start].slice(`${indent}${name}:`.length).trim();
      if (inline && !/^[|>]-?$/.test(inline)) return [inline.replace(/^'(.*)'$/, '$1')];
      const value = [];
      for (let at = start + 1; at < block.length && block[at].startsWith(`${indent}  `); at += 1) value.push(block[at].trim());
      return value;
    };
    if (field('failureType')[0] === 'subtestsFailed') return failures.push(failed[2]);
    // The stack's first frame in the project's own code names the failing line (a TAP location
    // can point into the transpiled file); the location is the fallback.
    const frame = field('stack')
      .filter((line) => !line.includes('node_modules') && !line.includes('node:'))
      .map((line) => /(\/[^()\s]+\.(?:ts|tsx|mjs|js):\d+:\d+)/.exec(line)?.[1])
      .find(Boolean);
    const at = frame ?? field('location')[0];
    const why = [...field('error').filter(Boolean).slice(0, 6), ...(at ? [`at ${at}`] : [])];
    failures.push([failed[2], ...why.map((l) => `      ${l.slice(0, 300)}`)].join('\n'));
  });
  return failures;
}

/** Runs one node:test entry file; counts from its TAP report. */
export async function runNodeTestFile(entry, { env, work, label }) {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const tap = join(work, `${id}.tap`);
  const spec = join(work, `${id}.txt`);
  const run = await runAsync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-reporter-destination=${spec}`, '--test-reporter=tap', `--test-reporter-destination=${tap}`, entry],
    { cwd: root, env, quiet: true },
  );
  const report = readOr(tap);
  const count = (key) => Number(report.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  const result = outcome({
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
    failures: failuresOf(report),
    output: `${readOr(spec)}${run.output}`,
  });
  if (run.status !== 0 && result.failed === 0) {
    result.failed += 1;
    result.failures.push(`${label} (exited with ${run.status ?? run.signal})`);
  }
  return result;
}

/**
 * Runs the jobs ({ name, stage, lane: 'cpu' | 'browser', ready?, run }) on `cpuLanes` and
 * `browserLanes` lanes; the first `browserHelpers` CPU lanes go on with browser jobs when the CPU
 * jobs are all taken. A job's `ready` promise is awaited before it starts (the portal build,
 * Chromium, PostgreSQL). Resolves with the summed outcome and each stage's span.
 */
export async function runLanes(jobs, { cpuLanes, browserLanes, browserHelpers = 0 }) {
  const queues = { cpu: jobs.filter((job) => job.lane === 'cpu'), browser: jobs.filter((job) => job.lane === 'browser') };
  const total = outcome();
  const stages = new Map();
  // A lane takes its queues in order: a CPU lane that may help with the browser suites takes
  // them once no CPU job is left, so the end-to-end tail runs wider when the cores are free.
  const lane = async (...laneQueues) => {
    for (const queue of laneQueues) for (let job = queue.shift(); job; job = queue.shift()) {
      await job.ready;
      const started = Date.now();
      let result;
      try {
        result = await job.run();
      } catch (error) {
        result = outcome({ failed: 1, failures: [`${job.name} (${error.message})`] });
      }
      const ended = Date.now();
      const span = stages.get(job.stage) ?? { first: started, last: ended, busy: 0 };
      stages.set(job.stage, { first: Math.min(span.first, started), last: Math.max(span.last, ended), busy: span.busy + (ended - started) });
      total.passed += result.passed;
      total.failed += result.failed;
      total.skipped += result.skipped;
      total.failures.push(...result.failures);
      const seconds = ((ended - started) / 1000).toFixed(1);
      console.log(`\n-- ${job.name} (${seconds} s${result.failed ? `, ${result.failed} failed` : ''})\n${result.output.trimEnd()}`);
    }
  };
  await Promise.all([
    ...Array.from({ length: Math.max(1, cpuLanes) }, (_, index) => (index < browserHelpers ? lane(queues.cpu, queues.browser) : lane(queues.cpu))),
    ...Array.from({ length: Math.max(1, browserLanes) }, () => lane(queues.browser)),
  ]);
  return { ...total, stages };
}

export const relativeName = (file) => relative(root, file);

function readOr(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
