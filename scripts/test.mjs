// `npm test`: every suite CI runs, in one go, ending with one line `N passed, N failed`.
//  1. type-check of every package;
//     then ESLint over the whole workspace (eslint.config.js: boundaries, cycles, hooks, names);
//  2. jest over the browser packages (platform, ui, host, remotes): jsdom, Testing Library, msw;
//  3. node:test suites (contracts, server, integration, end-to-end) found in __tests__ folders,
//     with a real PostgreSQL for the storage tests (started here; in CI its absence is a failure).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { startTestPostgres } from './test-postgres.mjs';
import { lintAll } from './lint.mjs';
import { typecheckAll } from './typecheck.mjs';
import { root } from './workspace.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

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

// 1. Types
console.log('\n== type-check');
for (const result of typecheckAll()) {
  if (result.ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(result.name);
  }
}

// 1b. Lint: one check for the whole run (its findings are printed above the count).
console.log('\n== lint');
{
  const result = lintAll();
  if (result.ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(result.name);
  }
}

const filter = process.argv[2];

// 2. jest
console.log('\n== jest (browser packages)');
{
  const work = mkdtempSync(join(tmpdir(), 'assistant-jest-'));
  const report = join(work, 'jest.json');
  const args = [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--passWithNoTests', '--json', `--outputFile=${report}`];
  if (filter) args.push('--testPathPatterns', filter);
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
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
}

// 3. node:test suites
// The browser packages' tests (beside their code too) belong to jest, above.
const nodeTestRoots = ['shared/contracts', 'server', 'tests'];
const testFiles = nodeTestRoots
  .flatMap((dir) => findTests(join(root, dir)))
  .sort();
let selected = filter ? testFiles.filter((f) => f.includes(filter)) : testFiles;

// End-to-end tests need Debian's Chromium; without it they are skipped locally and fail in CI.
const e2eFiles = selected.filter((f) => f.includes('/tests/e2e/'));
if (e2eFiles.length) {
  const chromium = ensureChromium();
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

const env = { ...process.env };
let postgres = null;
if (!env.TEST_DATABASE_URL) {
  postgres = await startTestPostgres();
  if (postgres) env.TEST_DATABASE_URL = postgres.url;
  else if (process.env.CI) console.error('[postgres] no PostgreSQL server: the storage tests will fail, as CI requires one');
  else console.log('[postgres] no PostgreSQL server could be started: storage tests run on PGlite only');
}

console.log(`\n== node:test (${selected.length} files)`);
const work = mkdtempSync(join(tmpdir(), 'assistant-test-'));
const tap = join(work, 'report.tap');
try {
  const run = spawnSync(
    process.execPath,
    [
      '--import', 'tsx',
      '--test',
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${tap}`,
      ...selected.map((f) => relative(root, f)),
    ],
    { cwd: root, stdio: 'inherit', env },
  );
  const report = readFileSync(tap, 'utf8');
  const count = (key) => Number(report.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail') + count('cancelled');
  totals.skipped += count('skipped') + count('todo');
  if (run.status !== 0 && count('fail') + count('cancelled') === 0) {
    totals.failed += 1;
    failures.push('node:test run exited with an error');
  }
  for (const m of report.matchAll(/^\s*not ok \d+ - (.+)$/gm)) failures.push(m[1]);
} finally {
  postgres?.stop();
  rmSync(work, { recursive: true, force: true });
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
