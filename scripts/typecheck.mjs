// Type-checks every TypeScript package of the workspace (tsc, no emit). Exit code 1 on any error.
// The browser packages that use the shared web settings unchanged (tsconfig.web.json over their
// src/) are checked as one program: each tsc of its own would check the shared packages, React's
// types and the DOM again. The others keep their own program, and the programs run side by side,
// one per core (tsc is single-threaded).
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pool, runAsync } from './test-stages.mjs';
import { root, workspacePackages } from './workspace.mjs';

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const webSettings = join(root, 'tsconfig.web.json');

/** True when the package's tsconfig.json is exactly the shared web settings over src/. */
function usesWebSettings(dir) {
  try {
    const config = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'));
    const keys = Object.keys(config).sort().join(',');
    return keys === 'extends,include' && resolve(dir, config.extends) === webSettings && JSON.stringify(config.include) === '["src"]';
  } catch {
    return false; // a tsconfig with comments or more settings is checked on its own
  }
}

/** The type-check programs as tasks for a pool; a program's errors print when it ends. */
export function typecheckTasks() {
  const packages = workspacePackages().filter((dir) => existsSync(join(dir, 'tsconfig.json')));
  const web = packages.filter(usesWebSettings);
  const alone = packages.filter((dir) => !web.includes(dir));
  const check = (name, project, cleanUp = () => {}) => async () => {
    const run = await runAsync(process.execPath, [tsc, '-p', project], { cwd: root, quiet: true });
    cleanUp();
    if (run.output.trim()) console.log(`[${name}]\n${run.output.trim()}`);
    return { name, ok: run.status === 0 };
  };
  const tasks = alone.map((dir) => check(`typecheck ${relative(root, dir)}`, join(dir, 'tsconfig.json')));
  if (web.length) {
    // Inside the workspace's node_modules: type packages are found from the project file up.
    mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
    const folder = mkdtempSync(join(root, 'node_modules', '.cache', 'typecheck-'));
    const project = join(folder, 'tsconfig.json');
    writeFileSync(project, JSON.stringify({ extends: webSettings, include: web.map((dir) => join(dir, 'src')) }));
    const names = web.map((dir) => relative(root, dir)).join(', ');
    // The largest program first: it is the longest task.
    tasks.unshift(check(`typecheck ${names}`, project, () => rmSync(folder, { recursive: true, force: true })));
  }
  return tasks;
}

export function typecheckAll(concurrency = availableParallelism()) {
  return pool(typecheckTasks(), concurrency);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await typecheckAll();
  for (const r of results) console.log(`${r.ok ? 'ok' : 'FAILED'}  ${r.name}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
