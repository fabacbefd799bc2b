#!/usr/bin/env node
// Bundle size of the production build: the shell's initial JavaScript against 150 KB
// and each remote's remoteEntry.js against 30 KB, gzip. Prints a table with ratios; never fails
// (exit code 0 whatever the figures are), as every benchmark here.
//
//   node bench/bundle-size/run.mjs [--no-build] [--files] [--no-page]
//
// Beside it, measured in the same run: all the JavaScript a browser downloads for /translate after
// sign-in (page-js.ts: the whole system started, Chromium; --no-page skips it), and the floor, a
// React 19 + react-router app of two routes built here with the same minifier (floor/).
//
// It builds what is out of date first (scripts/build-portal.mjs; --no-build measures dist/ as it
// is). "Initial" JavaScript is what a first visit of the shell downloads before anything is
// clicked: the scripts index.html loads, the chunks of the entry's `import('./bootstrap')`, and
// for every shared module those chunks consume, the chunks the share scope hands out for it (the
// host's own copy, as no remote is loaded at start), transitively. Lazy pages and remotes are not
// in it. Read from dist/.bundle-graph.json, which webpack.shared.js writes at each build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildPortal } from '../../scripts/build-portal.mjs';
import { HOST_DIR, REMOTES } from '../../scripts/portal-layout.mjs';
import { SHELL_INITIAL_JS_CEILING, shellInitialJs } from '../../scripts/shell-size.mjs';
import { buildFloor } from './floor/build.mjs';

const KB = 1024;
const SHELL_BUDGET = 150 * KB;
const REMOTE_ENTRY_BUDGET = 30 * KB;
/** The shell's initial JavaScript as recorded before the start-up work, and its goal for now (150 KB later). */
const SHELL_BASELINE = 271 * KB;
const SHELL_GOAL_NOW = 180 * KB;
/** The goals of all JavaScript on /translate after sign-in, and of its initial part. */
const PAGE_GOAL = 180 * KB;
const INITIAL_GOAL = 150 * KB;

const args = process.argv.slice(2);
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const repoRoot = join(import.meta.dirname, '../..');

/** Runs page-js.ts (TypeScript, the e2e kit) in a child with tsx; its one JSON line, or an error. */
function measurePage() {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'page-js.ts')], { cwd: repoRoot, encoding: 'utf8', timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 });
  const line = (child.stdout ?? '').trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line);
  } catch {
    return { error: `page-js.ts printed no figures (${child.error?.message ?? (child.stderr ?? '').trim().split('\n').at(-1) ?? 'no output'})` };
  }
}

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

  const floor = await buildFloor();
  const pageFigures = args.includes('--no-page') ? undefined : measurePage();
  console.log(`\nfloor: a React 19 + react-router app of two routes (bench/bundle-size/floor), built now: ${kb(floor.gzip)} gzip (${kb(floor.raw)} minified)`);
  if (shell) {
    console.log(`shell initial JS ${kb(shell.gzip)}: ${(shell.gzip / floor.gzip).toFixed(2)}x the floor; goal ${kb(INITIAL_GOAL)} (${shell.gzip <= INITIAL_GOAL ? 'met' : `${kb(shell.gzip - INITIAL_GOAL)} over`})`);
  }
  if (pageFigures?.error) console.log(`all JS on ${'/translate'}: not measured (${pageFigures.error})`);
  else if (pageFigures) printPage(pageFigures, floor.gzip);
  console.log('\nratio = gzip size / budget; the benchmark never fails, compare the ratios between runs.');
}

/** The JavaScript the browser downloaded for the page, by where it came from, beside the floor. */
function printPage({ path, routeRemote, scripts }, floorGzip) {
  const counted = scripts.filter((s) => s.origin === 'portal' || s.origin === 'route remote');
  const total = counted.reduce((sum, s) => sum + s.gzip, 0);
  const sumOf = (list) => list.reduce((sum, s) => sum + s.gzip, 0);
  // Before the first paint: the shell's initial files and the scripts of its page (theme, start-up request).
  const pageScripts = [...readFileSync(join(HOST_DIR, 'dist', 'index.html'), 'utf8').matchAll(/<script[^>]*\ssrc="\/?([^"]+)"/g)].map((m) => `host/dist/${m[1]}`);
  const initial = new Set([...shellInitialJs(join(HOST_DIR, 'dist')).files.map((f) => `host/dist/${f.file}`), ...pageScripts]);
  const shellStart = counted.filter((s) => s.origin === 'portal' && initial.has(s.file));
  const shellLater = counted.filter((s) => s.origin === 'portal' && !shellStart.includes(s));
  const remote = counted.filter((s) => s.origin === 'route remote');
  const others = scripts.filter((s) => s.origin === 'other remotes');
  console.log(`\nAll JavaScript the browser downloaded on ${path} after sign-in (cold HTTP cache; gzip -9 of each file), beside the floor:`);
  const widths = [52, 10, 8];
  console.log(row(['', 'gzip', 'files'], widths));
  console.log(row(['shell, before the first paint (page scripts, initial files)', kb(sumOf(shellStart)), shellStart.length], widths));
  console.log(row(['shell, after the first paint (sign-in library, header)', kb(sumOf(shellLater)), shellLater.length], widths));
  console.log(row([`route remote (${routeRemote}: entry, module, page)`, kb(sumOf(remote)), remote.length], widths));
  console.log(row(['all JS on the page', kb(total), counted.length], widths));
  console.log(row(['floor (React 19 + react-router, same run)', kb(floorGzip), 1], widths));
  console.log(
    `all JS ${kb(total)}: ${(total / floorGzip).toFixed(2)}x the floor; goal ${kb(PAGE_GOAL)} (${total <= PAGE_GOAL ? 'met' : `${kb(total - PAGE_GOAL)} over`}). ` +
      `Not counted: the other remotes' modules the shell fetches in idle moments afterwards (${kb(sumOf(others))} in ${others.length} files).`,
  );
  if (args.includes('--files')) {
    for (const s of counted) console.log(row([`  ${s.startMs} ms ${s.file}`, kb(s.gzip), ''], widths));
  }
}

main().catch((error) => {
  console.log(`bundle-size: ${error.message}`);
});
