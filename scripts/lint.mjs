// Lints the whole workspace with ESLint (eslint.config.js; docs/linting.md). One run over every
// package: the boundary and cycle rules need to see all of them at once. Any finding fails it,
// warnings included (--max-warnings=0), so CI fails on any finding.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAsync } from './test-stages.mjs';
import { root } from './workspace.mjs';

const eslint = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

/** Runs ESLint over the repository; its findings print when it ends (it may run beside the type-check). */
export async function lintAll(extraArgs = []) {
  const started = Date.now();
  const run = await runAsync(process.execPath, [eslint, '--max-warnings=0', ...extraArgs, '.'], { cwd: root, quiet: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  if (run.output.trim()) console.log(run.output.trim());
  console.log(ok ? `[lint] no findings (${seconds} s)` : `[lint] failed (exit ${run.status ?? run.signal}, ${seconds} s)`);
  return { name: 'lint (eslint .)', ok };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `npm run lint -- --fix` and other ESLint options pass through.
  const result = await lintAll(process.argv.slice(2));
  process.exit(result.ok ? 0 : 1);
}
