// `npm test`: every suite CI runs, in one go, ending with one line `N passed, N failed`:
//  - a type-check of every package and ESLint over the whole workspace (eslint.config.js:
//    boundaries, cycles, hooks, names);
//  - jest over the browser packages (platform, ui, host, remotes): jsdom, Testing Library, msw;
//  - node:test suites (contracts, server, integration, end-to-end) found in __tests__ folders and
//    under tests/, with a real PostgreSQL for the storage tests (started here; in CI its absence
//    is a failure), and the portal built once for the end-to-end suites, whose shell is held to
//    its size ceiling (scripts/shell-size.mjs).
// All of it runs as jobs on lanes (scripts/test-lanes.mjs): one CPU lane per core for the checks,
// jest and the node:test shards, and beside them browser lanes for the end-to-end suites, which
// mostly wait. Debian's packages and the portal build are made ready in the background meanwhile.
// The stage times print at the end.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildPortal } from './build-portal.mjs';
import { buildServer } from './build-server.mjs';
import { installMissing } from './debian-packages.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { lintAll } from './lint.mjs';
import { checkShellSize } from './shell-size.mjs';
import { startTestPostgres } from './test-postgres.mjs';
import { createStageClock, runAsync } from './test-stages.mjs';
import { outcome, relativeName, runLanes, runNodeTestFile, writeShards } from './test-lanes.mjs';
import { typecheckTasks } from './typecheck.mjs';
import { root } from './workspace.mjs';

const cores = availableParallelism();
const clock = createStageClock();
const filter = process.argv[2];
const e2eAtOnce = Number(process.env.E2E_CONCURRENCY) || 2;
const work = mkdtempSync(join(tmpdir(), 'assistant-test-'));

function findTests(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, found);
    // Beside the code, tests live in __tests__ folders; the cross-package ones anywhere under tests/.
    else if (/\.test\.ts$/.test(name) && (path.includes('/__tests__/') || path.startsWith(join(root, 'tests') + '/'))) found.push(path);
  }
  return found;
}

// The browser packages' tests (beside their code too) belong to jest; these to node:test.
const nodeTestRoots = ['shared/contracts', 'server', 'tests'];
const testFiles = nodeTestRoots.flatMap((dir) => findTests(join(root, dir))).sort();
const selected = filter ? testFiles.filter((f) => f.includes(filter)) : testFiles;
// The longest end-to-end files first (about 2-3.5 min each on a loaded machine, most others 1-1.5),
// so the run does not end waiting on one of them alone.
const E2E_LONGEST = ['chat', 'chat-details', 'libraries', 'observability', 'research', 'session', 'shell-phone', 'shell'];
const e2eRank = (file) => {
  const index = E2E_LONGEST.indexOf(basename(file, '.test.ts'));
  return index < 0 ? E2E_LONGEST.length : index;
};
const e2eFiles = selected.filter((f) => f.includes('/tests/e2e/')).sort((a, b) => e2eRank(a) - e2eRank(b));
// A fuzz (`*-fuzz.test.ts`) runs for its fixed time budget: a job of its own, so no shard waits on it.
const fuzzFiles = selected.filter((f) => /-fuzz\.test\.ts$/.test(f));
const nodeFiles = selected.filter((f) => !e2eFiles.includes(f) && !fuzzFiles.includes(f));

// In the background from the start: Debian's packages, then PostgreSQL and Chromium; the portal.
const wanted = [...(e2eFiles.length ? ['chromium'] : []), ...(process.env.TEST_DATABASE_URL ? [] : ['postgresql']), 'rclone'];
const provisioning = clock.time('Debian packages (background)', () => installMissing(wanted));
const env = { ...process.env };
// Suites connect to `localhost`, which has two addresses (::1 and 127.0.0.1). Node gives each
// connection attempt 250 ms before it tries the next; on a machine this loaded the timer fires
// late and every attempt counts as timed out ("fetch failed", AggregateError ETIMEDOUT, a known
// Node behaviour: github.com/nodejs/node/issues/54359). Two seconds each keeps a slow connect
// a slow connect.
env.NODE_OPTIONS = [env.NODE_OPTIONS, '--network-family-autoselection-attempt-timeout=2000'].filter(Boolean).join(' ');
let postgres = null;
const postgresReady = provisioning.then(async () => {
  if (env.TEST_DATABASE_URL) return;
  postgres = await startTestPostgres();
  if (postgres) env.TEST_DATABASE_URL = postgres.url;
  else if (process.env.CI) console.error('[postgres] no PostgreSQL server: the storage tests will fail, as CI requires one');
  else console.log('[postgres] no PostgreSQL server could be started: storage tests run on PGlite only');
});
// The end-to-end suites start the system as `npm start` does, which builds what changed (the
// server's JavaScript, the portal): built once here, they all find it up to date (and never build
// the same folders side by side).
const browserReady = !e2eFiles.length
  ? Promise.resolve(outcome())
  : Promise.all([
      // The server's build too: suites starting side by side would each build and swap it.
      clock.time('portal build (background)', async () => {
        try {
          await buildServer();
        } catch {
          return { ok: false, failed: [{ name: 'server' }] };
        }
        // Brotli at its best is for people's downloads; for the suites, a fast one saves about 50 s of CPU.
        return buildPortal({ compression: 'fast' });
      }),
      provisioning.then(() => ensureChromium()),
      postgresReady,
    ]).then(([build, chromium]) => {
      if (!build.ok) return { ...outcome({ failed: 1, failures: build.failed.map((f) => `build of ${f.name} (output above)`) }), stop: true };
      const size = checkShellSize();
      console.log(`\n[size] ${size.message}`);
      const checked = outcome({ passed: size.ok ? 2 : 1, failed: size.ok ? 0 : 1, failures: size.ok ? [] : [size.name] });
      if (chromium) env.CHROMIUM_PATH = chromium;
      // Without Debian's Chromium the end-to-end tests are skipped locally and fail in CI.
      else if (process.env.CI) return { ...checked, failed: checked.failed + e2eFiles.length, failures: [...checked.failures, ...e2eFiles.map((f) => `${relativeName(f)} (no Chromium: apt-get install chromium)`)], stop: true };
      else {
        console.log('[chromium] not found: the end-to-end tests are skipped (apt-get install chromium)');
        return { ...checked, skipped: e2eFiles.length, stop: true };
      }
      return checked;
    });

/** A check that passes or fails as a whole (a type-check program, ESLint). */
const asCheck = (task) => async () => {
  const result = await task();
  return outcome({ passed: result.ok ? 1 : 0, failed: result.ok ? 0 : 1, failures: result.ok ? [] : [result.name] });
};

/** One jest shard, one worker: the lanes are the parallelism. */
// A failed jest test with its message's first lines (ANSI colours removed), for the summary.
const withReason = (test) => {
  const message = stripVTControlCharacters(test.failureMessages[0] ?? '').split('\n').map((line) => line.trim()).filter(Boolean);
  return [test.fullName, ...message.slice(0, 6).map((line) => `      ${line.slice(0, 300)}`)].join('\n');
};

const jestShard = (index, count) => async () => {
  const report = join(work, `jest-${index}.json`);
  const args = [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--passWithNoTests', '--maxWorkers=1', `--shard=${index}/${count}`, '--json', `--outputFile=${report}`];
  if (filter) args.push('--testPathPatterns', filter);
  const run = await runAsync(process.execPath, args, { cwd: root, quiet: true });
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    // A suite that fails to load has no failed test of its own: count it once.
    const broken = result.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0);
    const failures = result.testResults
      .filter((suite) => suite.status === 'failed')
      .flatMap((suite) => (suite.assertionResults.length === 0 ? [`${relativeName(suite.name)} (failed to run)`] : suite.assertionResults.filter((a) => a.status === 'failed').map(withReason)));
    return outcome({
      passed: result.numPassedTests,
      failed: result.numFailedTests + broken.length,
      skipped: result.numPendingTests + result.numTodoTests,
      failures,
      // Only the summary and what failed: jest prints every suite's line on stderr.
      output: run.status === 0 ? run.output.split('\n').filter((line) => /^(Tests|Test Suites|Time):/.test(line)).join('\n') : run.output,
    });
  } catch {
    return outcome({ failed: 1, failures: [`jest shard ${index}/${count} produced no report (exit ${run.status})`], output: run.output });
  }
};

const shards = writeShards(nodeFiles);
const jestShards = Math.max(2, cores);
const jobs = [
  // ESLint is the longest single check: it starts first.
  { name: 'lint (eslint .)', stage: 'type-check and lint', lane: 'cpu', run: asCheck(() => lintAll()) },
  ...typecheckTasks().map((task, index) => ({ name: `type-check program ${index + 1}`, stage: 'type-check and lint', lane: 'cpu', run: asCheck(task) })),
  ...Array.from({ length: jestShards }, (_, i) => ({ name: `jest shard ${i + 1}/${jestShards}`, stage: 'jest', lane: 'cpu', run: jestShard(i + 1, jestShards) })),
  // Before the shards: the longest node:test job starts first.
  ...fuzzFiles.map((file) => ({
    name: `node:test ${relativeName(file)}`,
    stage: 'node:test shards',
    lane: 'cpu',
    ready: postgresReady,
    run: () => runNodeTestFile(file, { env, work, label: relativeName(file) }),
  })),
  ...shards.map((shard) => ({
    name: `node:test ${shard.files.length} files: ${shard.files.map(relativeName).join(', ')}`,
    stage: 'node:test shards',
    lane: 'cpu',
    ready: postgresReady,
    run: () => runNodeTestFile(shard.entry, { env, work, label: `shard of ${shard.files.map(relativeName).join(', ')}` }),
  })),
  ...e2eFiles.map((file) => ({
    name: relativeName(file),
    stage: 'end-to-end',
    lane: 'browser',
    ready: browserReady,
    run: async () => ((await browserReady).stop ? outcome() : runNodeTestFile(file, { env, work, label: relativeName(file) })),
  })),
];

console.log(`\n== ${jobs.length} jobs: checks, ${jestShards} jest shards, ${nodeFiles.length} node:test files in ${shards.length} shards and ${fuzzFiles.length} fuzz on ${cores} CPU lanes; ${e2eFiles.length} end-to-end files on ${e2eAtOnce} browser lanes`);
let totals;
try {
  // One CPU lane joins the browser lanes once the CPU jobs are done (E2E_HELPER_LANES: how many).
  totals = await runLanes(jobs, { cpuLanes: cores, browserLanes: e2eAtOnce, browserHelpers: Number(process.env.E2E_HELPER_LANES ?? 1) });
  const ready = await browserReady;
  totals.passed += ready.passed;
  totals.failed += ready.failed;
  totals.skipped += ready.skipped;
  totals.failures.push(...ready.failures);
} finally {
  postgres?.stop();
  rmSync(work, { recursive: true, force: true });
}

for (const [stage, span] of totals.stages) clock.record(stage, (span.last - span.first) / 1000);
console.log(`\n${clock.report()}`);
if (totals.failures.length) console.log(`\nFailed:\n${totals.failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
