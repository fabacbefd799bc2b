// `npm test`: every suite CI runs, in one go, ending with one line `N passed, N failed`.
//  1. type-check of every package and ESLint over the whole workspace (eslint.config.js:
//     boundaries, cycles, hooks, names), side by side;
//  2. jest over the browser packages (platform, ui, host, remotes): jsdom, Testing Library, msw;
//  3. node:test suites (contracts, server, integration, end-to-end) found in __tests__ folders,
//     with a real PostgreSQL for the storage tests (started here; in CI its absence is a failure)
//     and the portal built once before the end-to-end suites share it; the end-to-end files run
//     beside shards of the others (scripts/node-test-lanes.mjs).
// The checks and jest use every core (the machine has two); Debian's packages install in the
// background meanwhile. The stage times print at the end.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildPortal } from './build-portal.mjs';
import { installMissing } from './debian-packages.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { lintAll } from './lint.mjs';
import { runNodeTestLanes, writeShards } from './node-test-lanes.mjs';
import { checkShellSize } from './shell-size.mjs';
import { startTestPostgres } from './test-postgres.mjs';
import { createStageClock, pool, runAsync } from './test-stages.mjs';
import { typecheckTasks } from './typecheck.mjs';
import { root } from './workspace.mjs';

const cores = availableParallelism();
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const clock = createStageClock();
const filter = process.argv[2];

function count(result) {
  if (result.ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(result.name);
  }
}

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
let selected = filter ? testFiles.filter((f) => f.includes(filter)) : testFiles;
const e2eFiles = selected.filter((f) => f.includes('/tests/e2e/'));

// Downloads and unpacks while the type-check runs.
const wanted = [...(e2eFiles.length ? ['chromium'] : []), ...(process.env.TEST_DATABASE_URL ? [] : ['postgresql'])];
const provisioning = clock.time('Debian packages (background)', () => installMissing(wanted));

// 1. Types and lint
console.log(`\n== type-check and lint (${cores} at a time)`);
await clock.time('type-check and lint', async () => {
  // ESLint is the longest single task: it starts first.
  const results = await pool([() => lintAll(), ...typecheckTasks()], cores);
  results.forEach(count);
});

// 2. jest
console.log('\n== jest (browser packages)');
await clock.time('jest', async () => {
  const work = mkdtempSync(join(tmpdir(), 'assistant-jest-'));
  const report = join(work, 'jest.json');
  const args = [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--passWithNoTests', `--maxWorkers=${cores}`, '--json', `--outputFile=${report}`];
  if (filter) args.push('--testPathPatterns', filter);
  const run = await runAsync(process.execPath, args, { cwd: root });
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
    // A suite that fails to load has no failed test of its own: count it once.
    const broken = result.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0);
    totals.failed += broken.length;
    for (const suite of result.testResults) {
      if (suite.status !== 'failed') continue;
      failures.push(...suite.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName));
      if (suite.assertionResults.length === 0) failures.push(`${relative(root, suite.name)} (failed to run)`);
    }
  } catch {
    totals.failed += 1;
    failures.push(`jest produced no report (exit ${run.status})`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

await provisioning;

// End-to-end tests need Debian's Chromium; without it they are skipped locally and fail in CI.
if (e2eFiles.length) {
  const chromium = await ensureChromium();
  if (chromium) process.env.CHROMIUM_PATH = chromium;
  else if (process.env.CI) {
    totals.failed += e2eFiles.length;
    failures.push(...e2eFiles.map((f) => `${relative(root, f)} (no Chromium: apt-get install chromium)`));
    selected = selected.filter((f) => !e2eFiles.includes(f));
  } else {
    console.log('[chromium] not found: the end-to-end tests are skipped (apt-get install chromium)');
    totals.skipped += e2eFiles.length;
    selected = selected.filter((f) => !e2eFiles.includes(f));
  }
}

// The end-to-end suites start the system as `npm start` does, which builds what changed: built
// once here, they all find it up to date (and never build the same folders side by side).
if (selected.some((f) => e2eFiles.includes(f))) {
  console.log('\n== portal build (for the end-to-end suites)');
  await clock.time('portal build', async () => {
    const build = await buildPortal();
    count({ name: 'portal build', ok: build.ok });
    if (!build.ok) {
      failures.push(...build.failed.map((f) => `build of ${f.name} (output above)`));
      selected = selected.filter((f) => !e2eFiles.includes(f));
    } else {
      const size = checkShellSize();
      console.log(`[size] ${size.message}`);
      count(size);
    }
  });
}

const env = { ...process.env };
let postgres = null;
if (!env.TEST_DATABASE_URL) {
  postgres = await startTestPostgres();
  if (postgres) env.TEST_DATABASE_URL = postgres.url;
  else if (process.env.CI) console.error('[postgres] no PostgreSQL server: the storage tests will fail, as CI requires one');
  else console.log('[postgres] no PostgreSQL server could be started: storage tests run on PGlite only');
}

// End-to-end files one beside the shards, then two side by side (E2E_CONCURRENCY to change it).
const e2eAtOnce = Number(process.env.E2E_CONCURRENCY) || 2;
const nodeFiles = selected.filter((f) => !e2eFiles.includes(f));
const shards = writeShards(nodeFiles);
const browserFiles = selected.filter((f) => e2eFiles.includes(f));
console.log(`\n== node:test (${browserFiles.length} end-to-end files, ${nodeFiles.length} others in ${shards.length} shards; ${cores} lanes)`);
const work = mkdtempSync(join(tmpdir(), 'assistant-test-'));
try {
  await clock.time('node:test', async () => {
    const result = await runNodeTestLanes({ e2eFiles: browserFiles, shards, lanes: cores, e2eAtOnce, env, work });
    totals.passed += result.passed;
    totals.failed += result.failed;
    totals.skipped += result.skipped;
    failures.push(...result.failures);
  });
} finally {
  postgres?.stop();
  rmSync(work, { recursive: true, force: true });
}

console.log(`\n${clock.report()}`);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
