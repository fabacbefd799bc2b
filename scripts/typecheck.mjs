// Type-checks every TypeScript package of the workspace (tsc, no emit). Exit code 1 on any error.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, workspacePackages } from './workspace.mjs';


const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

export function typecheckAll() {
  const results = [];
  for (const dir of workspacePackages()) {
    const project = join(dir, 'tsconfig.json');
    if (!existsSync(project)) continue;
    const run = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
    results.push({ name: `typecheck ${dir.slice(root.length + 1)}`, ok: run.status === 0 });
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = typecheckAll();
  for (const r of results) console.log(`${r.ok ? 'ok' : 'FAILED'}  ${r.name}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
