#!/usr/bin/env node
// Bundle size of the production build: the shell's initial JavaScript against 150 KB
// and each remote's remoteEntry.js against 30 KB, gzip. Prints a table with ratios; never fails
// (exit code 0 whatever the figures are), as every benchmark here.
//
//   node bench/bundle-size/run.mjs [--no-build] [--files]
//
// It builds what is out of date first (scripts/build-portal.mjs; --no-build measures dist/ as it
// is). "Initial" JavaScript is what a first visit of the shell downloads before anything is
// clicked: the scripts index.html loads, the chunks of the entry's `import('./bootstrap')`, and
// for every shared module those chunks consume, the chunks the share scope hands out for it (the
// host's own copy, as no remote is loaded at start), transitively. Lazy pages and remotes are not
// in it. Read from dist/.bundle-graph.json, which webpack.shared.js writes at each build.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildPortal } from '../../scripts/build-portal.mjs';
import { HOST_DIR, REMOTES } from '../../scripts/portal-layout.mjs';
import { SHELL_INITIAL_JS_CEILING, shellInitialJs } from '../../scripts/shell-size.mjs';

const KB = 1024;
const SHELL_BUDGET = 150 * KB;
const REMOTE_ENTRY_BUDGET = 30 * KB;
/** The shell's initial JavaScript as recorded before the start-up work, and its goal for now (150 KB later). */
const SHELL_BASELINE = 271 * KB;
const SHELL_GOAL_NOW = 180 * KB;

const args = process.argv.slice(2);
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

function row(cells, widths) {
  return cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
}

async function main() {
  if (!args.includes('--no-build')) {
    const result = await buildPortal({ log: (line) => console.error(line) });
    if (!result.ok) {
      console.log(`bundle-size: the build failed (${result.failed.map((f) => f.name).join(', ')}); nothing measured`);
      return;
    }
  }

  const rows = [];
  const details = [];
  const hostDist = join(HOST_DIR, 'dist');
  if (existsSync(join(hostDist, '.bundle-graph.json'))) {
    const shell = shellInitialJs(hostDist);
    rows.push({ what: `shell initial JS (${shell.files.length} files)`, raw: shell.raw, gzip: shell.gzip, budget: SHELL_BUDGET });
    details.push(...shell.files.sort((a, b) => b.gzip - a.gzip).map((s) => ({ what: `  ${s.file}`, raw: s.raw, gzip: s.gzip })));
  } else {
    console.log(`bundle-size: no ${join(hostDist, '.bundle-graph.json')} (build the host first)`);
  }
  for (const remote of REMOTES) {
    const entry = join(remote.dir, 'dist', 'remoteEntry.js');
    if (!existsSync(entry)) {
      console.log(`bundle-size: no ${entry}`);
      continue;
    }
    rows.push({ what: `${remote.name} remoteEntry.js`, raw: readFileSync(entry).length, gzip: gzipSize(entry), budget: REMOTE_ENTRY_BUDGET });
  }

  const widths = [34, 10, 10, 9, 6, 0];
  console.log('\nBundle size (gzip -9; KB = 1024 bytes)\n');
  console.log(row(['', 'minified', 'gzip', 'budget', 'ratio', ''], widths));
  for (const r of rows) {
    const ratio = r.gzip / r.budget;
    console.log(row([r.what, kb(r.raw), kb(r.gzip), kb(r.budget), ratio.toFixed(2), ratio > 1 ? '  OVER BUDGET' : '  ok'], widths));
    if (r.what.startsWith('shell') && args.includes('--files')) {
      for (const d of details) console.log(row([d.what, kb(d.raw), kb(d.gzip), '', '', ''], widths));
    }
  }
  const shell = rows.find((r) => r.what.startsWith('shell'));
  if (shell) {
    console.log(
      `\nshell initial JS: ${kb(shell.gzip)} gzip; baseline ${kb(SHELL_BASELINE)} (before the start-up work), ` +
        `ratio ${(shell.gzip / SHELL_BASELINE).toFixed(2)}; goal ${kb(SHELL_GOAL_NOW)} now (${shell.gzip <= SHELL_GOAL_NOW ? 'met' : `${kb(shell.gzip - SHELL_GOAL_NOW)} over`}), ${kb(SHELL_BUDGET)} later; ` +
        `npm test's ceiling ${kb(SHELL_INITIAL_JS_CEILING)} (scripts/shell-size.mjs)`,
    );
  }
  console.log('\nratio = gzip size / budget; the benchmark never fails, compare the ratios between runs.');
}

main().catch((error) => {
  console.log(`bundle-size: ${error.message}`);
});
