// Type-checks every TypeScript package of the workspace (tsc, no emit). Exit code 1 on any error.
// Two programs, side by side (tsc is single-threaded): each tsc of its own would check again what
// the packages import from one another (the shared packages, the server that tests and benchmarks
// start, React's types, the DOM).
//  - the browser packages that use the shared web settings unchanged (tsconfig.web.json over src/);
//  - the others (contracts, server, tests, benchmarks) with the union of their settings (the DOM
//    library that browser tests need for page.evaluate, JSX for the benchmarks' pages). A package
//    whose settings cannot be joined (one scalar option set differently) keeps a program of its own.
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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
  const tasks = [];
  // Inside the workspace's node_modules: type packages are found from the project file up.
  const program = (name, config) => {
    mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
    const folder = mkdtempSync(join(root, 'node_modules', '.cache', 'typecheck-'));
    const project = join(folder, 'tsconfig.json');
    writeFileSync(project, JSON.stringify(config));
    return check(`typecheck ${name}`, project, () => rmSync(folder, { recursive: true, force: true }));
  };
  const joined = joinSettings(alone);
  for (const dir of joined.apart) tasks.push(check(`typecheck ${relative(root, dir)}`, join(dir, 'tsconfig.json')));
  if (joined.dirs.length) {
    const names = joined.dirs.map((dir) => relative(root, dir)).join(', ');
    tasks.unshift(program(names, { extends: join(root, 'tsconfig.base.json'), compilerOptions: joined.options, include: joined.include, exclude: joined.exclude }));
  }
  if (web.length) {
    const names = web.map((dir) => relative(root, dir)).join(', ');
    // The largest program first: it is the longest task.
    tasks.unshift(program(names, { extends: webSettings, include: web.map((dir) => join(dir, 'src')) }));
  }
  return tasks;
}

/**
 * The packages (each a tsconfig over the base settings) whose compiler options can be joined:
 * array options are united, scalar ones must agree. Includes and excludes are made absolute.
 */
function joinSettings(dirs) {
  const options = {};
  const include = [];
  const exclude = [];
  const joinedDirs = [];
  const apart = [];
  for (const dir of dirs) {
    const { config } = ts.readConfigFile(join(dir, 'tsconfig.json'), ts.sys.readFile);
    const base = resolve(dir, config?.extends ?? '');
    const own = config?.compilerOptions ?? {};
    const fits = base === join(root, 'tsconfig.base.json') && Object.entries(own).every(([key, value]) => Array.isArray(value) || options[key] === undefined || options[key] === value);
    if (!fits) {
      apart.push(dir);
      continue;
    }
    for (const [key, value] of Object.entries(own)) {
      options[key] = Array.isArray(value) ? [...new Set([...(options[key] ?? []), ...value])] : value;
    }
    include.push(...(config.include ?? ['**/*']).map((pattern) => join(dir, pattern)));
    exclude.push(...(config.exclude ?? ['node_modules']).map((pattern) => join(dir, pattern)));
    joinedDirs.push(dir);
  }
  return { options, include, exclude, dirs: joinedDirs, apart };
}

export function typecheckAll(concurrency = availableParallelism()) {
  return pool(typecheckTasks(), concurrency);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await typecheckAll();
  for (const r of results) console.log(`${r.ok ? 'ok' : 'FAILED'}  ${r.name}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
