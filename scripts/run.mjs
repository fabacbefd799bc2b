#!/usr/bin/env node
// Entry point of the README's commands (`npm start`, `npm test`). It needs only Node and npm on
// the machine: it obtains the pinned pnpm into .tools/ (corepack is not relied on: it fails on
// missing signatures on some machines), installs the workspace, then hands over to the task.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const task = process.argv[2];
const tasks = {
  start: 'scripts/start.mjs',
  test: 'scripts/test.mjs',
  typecheck: 'scripts/typecheck.mjs',
  lint: 'scripts/lint.mjs',
};
if (!tasks[task]) {
  console.error(`usage: node scripts/run.mjs <${Object.keys(tasks).join('|')}>`);
  process.exit(2);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const installedVersion = existsSync(pnpmBin)
  ? JSON.parse(readFileSync(join(toolsDir, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version
  : null;
if (installedVersion !== pnpmVersion) {
  console.log(`[setup] installing pnpm ${pnpmVersion} into .tools/`);
  run('npm', ['install', '--prefix', toolsDir, '--no-save', '--no-package-lock', '--loglevel=error', `pnpm@${pnpmVersion}`]);
}

const pnpm = (args, options) => run(process.execPath, [pnpmBin, ...args], options);
if (process.env.SKIP_INSTALL !== '1') {
  console.log('[setup] installing workspace dependencies');
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  pnpm(['install', '--reporter=append-only', ...frozen]);
}

// Later steps (builds, tests) can call pnpm through this variable without a global install.
const env = { ...process.env, PNPM_BIN: pnpmBin };
run(process.execPath, [join(root, tasks[task]), ...process.argv.slice(3)], { env });
