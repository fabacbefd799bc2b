// The shell's initial JavaScript (what a first visit downloads before anything is clicked: the
// scripts index.html loads and the chunks they need at start, from the build's chunk graph) as
// gzip -9 bytes, and the ceiling `npm test` holds it to: the figure measured when the ceiling was
// set, so the shell never grows unnoticed. Lower it when the shell shrinks; raising it is a
// decision to write down in docs/federation.md. bench/bundle-size prints the details.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { HOST_DIR } from './portal-layout.mjs';
import { initialFiles } from './serve-portal.mjs';

/** 217.3 KB, hashes as zeros: 222,072 bytes measured with the start-up libraries as one chunk, plus 428 bytes (docs/federation.md). */
export const SHELL_INITIAL_JS_CEILING = 222_500;

/**
 * The content hashes in the names of `distDir`'s files. The start-up scripts name the lazy chunks
 * by these, and a chunk's hash changes with things that are not the shell's size (a dependency
 * puts the build machine's path into a lazy chunk), which moves gzip's figure by a few bytes from
 * machine to machine. Measured with every hash written as zeros, the figure is the same anywhere.
 */
function contentHashes(distDir) {
  return [...new Set(readdirSync(distDir).flatMap((name) => /\.([0-9a-f]{8,})\.(?:js|css)$/.exec(name)?.[1] ?? []))];
}

function withoutHashes(text, hashes) {
  return hashes.reduce((result, hash) => result.replaceAll(hash, '0'.repeat(hash.length)), text);
}

/** The shell's initial JavaScript files in `distDir`, their sizes and gzip -9 sizes (hashes as zeros). */
export function shellInitialJs(distDir = join(HOST_DIR, 'dist')) {
  const hashes = contentHashes(distDir);
  const files = initialFiles(distDir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const text = readFileSync(join(distDir, file), 'utf8');
      return { file, raw: Buffer.byteLength(text), gzip: gzipSync(withoutHashes(text, hashes), { level: 9 }).length };
    });
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0), raw: files.reduce((sum, f) => sum + f.raw, 0) };
}

/** The check `npm test` runs after the portal build: ok when the shell is at or under its ceiling. */
export function checkShellSize(distDir) {
  const { files, gzip } = shellInitialJs(distDir);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const ok = gzip <= SHELL_INITIAL_JS_CEILING;
  const message = `shell initial JavaScript: ${kb(gzip)} gzip in ${files.length} files, ceiling ${kb(SHELL_INITIAL_JS_CEILING)}${ok ? '' : ` (${gzip - SHELL_INITIAL_JS_CEILING} bytes over: node bench/bundle-size/run.mjs --files shows where)`}`;
  return { name: 'shell initial JavaScript within its ceiling', ok, message };
}
