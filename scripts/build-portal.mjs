#!/usr/bin/env node
// Production builds of the host and the six remotes, each only when its inputs changed since its
// last build. A package's inputs are its own sources and config plus what every bundle contains
// (the shared packages, webpack.shared.js, the lockfile); their content hash is stored in
// `<package>/dist/.build-stamp.json`. Tests (`__tests__`) are not inputs.
//
//   node scripts/build-portal.mjs [--force] [name ...]     (names: host, chat, qa, ...)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { envValue, HOST_DIR, REMOTES } from './portal-layout.mjs';
import { root } from './workspace.mjs';

export const STAMP_FILE = '.build-stamp.json';

/** Every bundle includes these: a change here rebuilds everything. */
const COMMON_INPUTS = [
  'webpack.shared.js',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
  'tsconfig.web.json',
  'shared/contracts/src',
  'shared/contracts/package.json',
  'shared/platform/src',
  'shared/platform/package.json',
  'shared/ui/src',
  'shared/ui/package.json',
  'shared/endpoints/src',
  'shared/endpoints/package.json',
];

export const BUILD_TARGETS = [
  { name: 'host', dir: HOST_DIR, inputs: ['src', 'public', 'webpack.config.js', 'package.json', 'tsconfig.json'] },
  ...REMOTES.map((remote) => ({
    name: remote.name,
    dir: remote.dir,
    inputs: ['src', 'public', 'webpack.config.js', 'package.json', 'tsconfig.json', '../standalone.html'],
  })),
];

export function listFiles(path, found = []) {
  if (!existsSync(path)) return found;
  if (!statSync(path).isDirectory()) {
    found.push(path);
    return found;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name === '__tests__' || name === 'dist' || name.startsWith('.')) continue;
    listFiles(join(path, name), found);
  }
  return found;
}

/** Content hash of a target's inputs and of the build settings that change its output. */
export function inputsHash(target, env = process.env) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ mode: 'production', publicPath: target.name === 'host' ? envValue(env, 'PUBLIC_PATH') ?? '/' : 'auto' }));
  const files = [
    ...COMMON_INPUTS.map((input) => join(root, input)),
    ...target.inputs.map((input) => resolve(target.dir, input)),
  ].flatMap((path) => listFiles(path));
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function writeStamp(target, stamp) {
  writeFileSync(join(target.dir, 'dist', STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

function readStamp(target) {
  try {
    return JSON.parse(readFileSync(join(target.dir, 'dist', STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

export function isUpToDate(target, env = process.env) {
  const stamp = readStamp(target);
  return stamp !== null && stamp.hash === inputsHash(target, env) && existsSync(join(target.dir, 'dist', target.name === 'host' ? 'index.html' : 'mf-manifest.json'));
}

/** Text files served precompressed (`.br` and `.gz` beside them; serve-portal/serve-remotes pick by accept-encoding). */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.css', '.json', '.html', '.svg', '.txt', '.mjs']);

/**
 * How hard the copies are compressed. `best` (brotli 11, gzip -9) is for what people download:
 * compressed once, served many times. `fast` (brotli 5, gzip -6) is for the test run's build:
 * brotli 11 costs about 2.4 s of CPU per MB (about 50 s for the whole portal) to save 8 % against
 * brotli 5, at 3 % of the time.
 */
const COMPRESSION = {
  best: { brotli: 11, gzip: 9 },
  fast: { brotli: 5, gzip: 6 },
};

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of a built dist (source maps and dot
 * files excepted, they are not served to browsers). A file whose compressed form is not smaller
 * gets none: the server then sends the file as it is.
 * @param {string} distDir
 * @param {'best' | 'fast'} [compression]
 * @returns {{ files: number, raw: number, br: number, gz: number }}
 */
export function precompressDist(distDir, compression = 'best') {
  const level = COMPRESSION[compression];
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name.startsWith('.')) continue;
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!PRECOMPRESSED_EXTENSIONS.has(extname(name).toLowerCase())) continue;
      const content = readFileSync(path);
      const br = brotliCompressSync(content, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: level.brotli,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      });
      const gz = gzipSync(content, { level: level.gzip });
      for (const [suffix, data] of [['.br', br], ['.gz', gz]]) {
        if (data.length < content.length) writeFileSync(`${path}${suffix}`, data);
        else rmSync(`${path}${suffix}`, { force: true });
      }
      totals.files += 1;
      totals.raw += content.length;
      totals.br += Math.min(br.length, content.length);
      totals.gz += Math.min(gz.length, content.length);
    }
  };
  if (existsSync(distDir)) walk(distDir);
  return totals;
}

const webpackCli = join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
const running = new Set();

function buildOne(target, env, compression) {
  const hash = inputsHash(target, env);
  rmSync(join(target.dir, 'dist', STAMP_FILE), { force: true });
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [webpackCli, '--config', join(target.dir, 'webpack.config.js'), '--mode', 'production'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      if (code === 0) {
        mkdirSync(join(target.dir, 'dist'), { recursive: true });
        precompressDist(join(target.dir, 'dist'), compression);
        writeStamp(target, { hash, builtAt: new Date().toISOString(), seconds: (Date.now() - started) / 1000, precompressed: compression });
      }
      resolvePromise({ target, ok: code === 0, seconds, output, signal });
    });
  });
}

/** Stops builds still running (Ctrl-C during the build). */
export function stopBuilds() {
  for (const child of running) child.kill('SIGTERM');
}

/**
 * Builds the targets that are out of date, `concurrency` at a time (two by default: webpack and
 * terser use more than one core each, and the reference machine has two).
 * `compression`: how new builds are precompressed (`best` unless said). A build made with `fast`
 * (the test run's) is recompressed at `best` only when `best` is asked for by name, as this
 * command does; `npm start` serves it as it is rather than spend a minute of CPU first, and the
 * test run takes a `best` build as it is.
 * @param {{ names?: string[], force?: boolean, env?: NodeJS.ProcessEnv, log?: (line: string) => void, compression?: 'best' | 'fast' }} [options]
 * @returns {Promise<{ ok: boolean, built: string[], skipped: string[], failed: {name: string, output: string}[], seconds: number }>}
 */
export async function buildPortal({ names, force = false, env = process.env, log = console.log, compression } = {}) {
  const targets = names?.length ? BUILD_TARGETS.filter((t) => names.includes(t.name)) : BUILD_TARGETS;
  const unknown = (names ?? []).filter((name) => !BUILD_TARGETS.some((t) => t.name === name));
  if (unknown.length) throw new Error(`unknown build target(s): ${unknown.join(', ')}`);
  const started = Date.now();
  const stale = targets.filter((target) => force || !isUpToDate(target, env));
  const skipped = targets.filter((target) => !stale.includes(target)).map((t) => t.name);
  // Up to date but compressed less than asked (or not at all: a build from before precompression;
  // `true` was the stamp's word for best): only the .br/.gz files are written again.
  for (const target of targets.filter((t) => !stale.includes(t))) {
    const stamp = readStamp(target);
    const has = stamp?.precompressed === true ? 'best' : stamp?.precompressed;
    if (stamp && (!has || (compression === 'best' && has !== 'best'))) {
      const wanted = compression ?? 'best';
      precompressDist(join(target.dir, 'dist'), wanted);
      writeStamp(target, { ...stamp, precompressed: wanted });
      log(`[build] ${target.name.padEnd(12)} precompressed (br, gz: ${wanted})`);
    }
  }
  if (skipped.length) log(`[build] up to date: ${skipped.join(', ')}`);
  if (stale.length === 0) return { ok: true, built: [], skipped, failed: [], seconds: 0 };

  const concurrency = Math.max(1, Number(envValue(env, 'BUILD_CONCURRENCY') ?? Math.min(2, availableParallelism())));
  log(`[build] building ${stale.map((t) => t.name).join(', ')} (production, ${concurrency} at a time)`);
  const queue = [...stale];
  const results = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      while (queue.length) {
        const result = await buildOne(queue.shift(), env, compression ?? 'best');
        results.push(result);
        log(`[build] ${result.target.name.padEnd(12)} ${result.ok ? 'built' : 'FAILED'} in ${result.seconds.toFixed(1)} s`);
        if (!result.ok && !result.signal) log(result.output.trim());
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const failed = results.filter((r) => !r.ok).map((r) => ({ name: r.target.name, output: r.output }));
  log(`[build] ${failed.length ? `${failed.length} failed` : 'done'} in ${seconds.toFixed(1)} s`);
  return { ok: failed.length === 0, built: results.filter((r) => r.ok).map((r) => r.target.name), skipped, failed, seconds };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  process.once('SIGINT', () => {
    stopBuilds();
    process.exit(130);
  });
  buildPortal({ force: args.includes('--force'), names: args.filter((a) => !a.startsWith('--')), compression: 'best' })
    .then((result) => process.exit(result.ok ? 0 : 1))
    .catch((error) => {
      console.error(`[build] ${error.message}`);
      process.exit(1);
    });
}
