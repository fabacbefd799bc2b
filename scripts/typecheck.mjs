// Type-checks every TypeScript package of the workspace (tsc, no emit). Exit code 1 on any error.
// The packages are checked side by side, one tsc per core: each tsc is single-threaded.
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pool, runAsync } from './test-stages.mjs';
import { root, workspacePackages } from './workspace.mjs';

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** The type-check of each package as a task for a pool; a package's errors print when it ends. */
export function typecheckTasks() {
  return workspacePackages()
    .filter((dir) => existsSync(join(dir, 'tsconfig.json')))
    .map((dir) => async () => {
      const name = `typecheck ${dir.slice(root.length + 1)}`;
      const run = await runAsync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: root, quiet: true });
      if (run.output.trim()) console.log(`[${name}]\n${run.output.trim()}`);
      return { name, ok: run.status === 0 };
    });
}

export function typecheckAll(concurrency = availableParallelism()) {
  return pool(typecheckTasks(), concurrency);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await typecheckAll();
  for (const r of results) console.log(`${r.ok ? 'ok' : 'FAILED'}  ${r.name}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
