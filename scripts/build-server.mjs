#!/usr/bin/env node
// The API server's production JavaScript: server/src/main.ts and everything it imports, bundled
// by esbuild into server/dist/main.js, which `npm start` and the container image run with plain
// `node` (no TypeScript compiled at start). The workspace's own packages (@assistant/contracts,
// TypeScript sources) are compiled in; every other package stays an import of node_modules, where
// some find files of their own (PGlite's WebAssembly, pdf.js's fonts). Modules the server imports
// lazily (`await import('./x')`) stay chunks of their own, loaded at first use. No type-check
// here: that is `npm run typecheck`. Rebuilt only when an input changed since the last build
// (content hash in server/dist/.build-stamp.json), as scripts/build-portal.mjs does for the portal.
//
//   node scripts/build-server.mjs [--force]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listFiles } from './build-portal.mjs';
import { root } from './workspace.mjs';

export const SERVER_DIR = join(root, 'server');
export const SERVER_DIST = join(SERVER_DIR, 'dist');
/** What runs the server from the build output, relative to server/ (the image's CMD runs it there). */
export const SERVER_ENTRY = 'dist/main.js';
const STAMP_FILE = '.build-stamp.json';

/** Everything the bundle is made of; `__tests__` folders are skipped. */
const INPUTS = [
  'server/src',
  'server/package.json',
  'shared/contracts/src',
  'shared/contracts/package.json',
  'tsconfig.base.json',
  'pnpm-lock.yaml',
  'scripts/build-server.mjs',
];

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => listFiles(join(root, input)))) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(join(SERVER_DIST, STAMP_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Bare imports other than the workspace's own packages are left to node_modules at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@assistant/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds server/dist unless it is up to date. The output is made in a folder of its own and then
 * moved in, so a server or a parallel build never sees half of it.
 */
export async function buildServer({ force = false, log = console.log } = {}) {
  const hash = inputsHash();
  if (!force && readStamp()?.hash === hash && existsSync(join(SERVER_DIR, SERVER_ENTRY))) return { built: false };
  // esbuild is the server's development dependency: resolved from there.
  const esbuildPath = createRequire(join(SERVER_DIR, 'package.json')).resolve('esbuild');
  const { build } = await import(pathToFileURL(esbuildPath).href);
  const started = Date.now();
  const partial = `${SERVER_DIST}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/src/main.ts' },
    outdir: partial,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Class and function names as in the sources: errors and logs name them.
    keepNames: true,
    // Stack traces map back to the sources with NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  writeFileSync(join(partial, STAMP_FILE), `${JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2)}\n`);
  // File by file, each an atomic rename, main.js and the stamp last. The previous build's chunks
  // stay for an hour: a server started from it imports them lazily (a parser at the first upload).
  mkdirSync(SERVER_DIST, { recursive: true });
  const fresh = readdirSync(partial);
  const last = ['main.js', STAMP_FILE];
  for (const name of [...fresh.filter((name) => !last.includes(name)), ...last]) renameSync(join(partial, name), join(SERVER_DIST, name));
  rmSync(partial, { recursive: true, force: true });
  const stale = Date.now() - 60 * 60 * 1000;
  for (const name of readdirSync(SERVER_DIST)) {
    const path = join(SERVER_DIST, name);
    if (!fresh.includes(name) && statSync(path).mtimeMs < stale) rmSync(path, { force: true });
  }
  log(`[build] server/dist in ${Date.now() - started} ms`);
  return { built: true };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await buildServer({ force: process.argv.includes('--force') });
  if (!result.built) console.log('[build] server/dist is up to date');
}
