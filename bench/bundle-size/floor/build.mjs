// Builds the floor app (app.js) in production mode with the portal's minifier, into a temporary
// folder, and returns its JavaScript files with their gzip -9 sizes. React and react-router are
// resolved from the packages that use them in the portal (the router's adapter), so the floor
// has the same versions as the shell. `keep`: leave the output (with an index.html) for the caller
// to serve (bench/startup loads it as the floor of its LCP), and return its folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';

const repoRoot = resolve(import.meta.dirname, '../../..');

export async function buildFloor({ keep = false } = {}) {
  const out = mkdtempSync(join(tmpdir(), 'bundle-floor-'));
  const compiler = webpack({
    mode: 'production',
    context: import.meta.dirname,
    entry: { main: './app.js' },
    output: { path: out, filename: '[name].js' },
    resolve: { modules: [join(repoRoot, 'shared/routing/node_modules'), join(repoRoot, 'host/node_modules'), 'node_modules'] },
    optimization: { minimizer: [new MinimizerPlugin({ parallel: false, minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })] },
    performance: { hints: false },
    devtool: false,
  });
  try {
    const stats = await new Promise((done, fail) => compiler.run((error, result) => (error ? fail(error) : done(result))));
    await new Promise((done) => compiler.close(done));
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    const files = readdirSync(out)
      .filter((file) => file.endsWith('.js'))
      .map((file) => {
        const text = readFileSync(join(out, file));
        return { file, raw: text.length, gzip: gzipSync(text, { level: 9 }).length };
      });
    if (keep) {
      writeFileSync(join(out, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>');
    }
    return { dir: keep ? out : undefined, files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
  } finally {
    if (!keep) rmSync(out, { recursive: true, force: true });
  }
}
