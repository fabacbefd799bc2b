// A throw-away PostgreSQL server for the storage tests: Debian's postgresql package (installed here
// when missing and we are root, as in CI), a fresh cluster in a temp folder on a free port, removed
// again afterwards. Returns null where no server can be had; the caller decides if that is fatal.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installMissing } from './debian-packages.mjs';

const isRoot = process.getuid?.() === 0;

function findBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))).sort((a, b) => b - a);
  return versions.length ? join(base, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root; in CI we are root, so the cluster belongs to the postgres user. */
function asOwner(command, args) {
  if (!isRoot) return execFileSync(command, args, { stdio: 'pipe' });
  return execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
}

export async function startTestPostgres() {
  let binDir = findBinDir();
  if (!binDir && (await installMissing(['postgresql'])).length === 0) binDir = findBinDir();
  if (!binDir) return null;

  const dir = mkdtempSync(join(tmpdir(), 'assistant-pg-'));
  chmodSync(dir, 0o777);
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const pgCtl = join(binDir, 'pg_ctl');
  try {
    asOwner(join(binDir, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    asOwner(pgCtl, [
      '-D', dataDir, '-w', '-l', join(dir, 'server.log'),
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  } catch (error) {
    console.error(`[postgres] could not start a test server: ${error.stderr?.toString() || error.message}`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  console.log(`[postgres] test server on 127.0.0.1:${port} (${binDir})`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asOwner(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
