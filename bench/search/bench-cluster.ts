// A PostgreSQL cluster for the scale benchmark that outlives a run: Debian's postgresql binaries
// (as scripts/test-postgres.mjs finds them), a data directory kept under the system's temp folder,
// started on a free port for the run and stopped after it. Keeping it lets a generated million
// passages (minutes to build) be reused by the next run, in a database named after the corpus.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isRoot = process.getuid?.() === 0;

function binDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** initdb refuses to run as root: as root the cluster belongs to the postgres user. */
function asOwner(command: string, args: string[]): void {
  if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

export interface BenchCluster {
  /** The version of the binaries (Debian's major version). */
  version: string;
  /** A connection URL to `database` (the cluster's `postgres` database when absent). */
  url(database?: string): string;
  stop(): void;
}

/**
 * Starts the kept cluster (made on first use) with `settings` (`-c name=value`); null where no
 * PostgreSQL binaries are installed.
 */
export async function startBenchCluster(settings: Record<string, string>): Promise<BenchCluster | null> {
  const bin = binDir();
  if (!bin) return null;
  const dir = join(tmpdir(), 'assistant-bench-search-pg');
  const dataDir = join(dir, 'data');
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) asOwner(join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const pgCtl = join(bin, 'pg_ctl');
  // A run that was killed leaves the server up: stop it before starting on the new port.
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    try {
      asOwner(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch {
      // Not running after all (a stale pid file): pg_ctl start copes.
    }
  }
  asOwner(pgCtl, ['-D', dataDir, '-w', '-l', join(dir, 'server.log'), '-o', options, 'start']);
  return {
    version: bin.split('/').at(-2) ?? '?',
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => asOwner(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
  };
}
