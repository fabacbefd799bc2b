import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../db/database';

const migrationsDir = join(import.meta.dirname, '..', 'db', 'migrations');

/**
 * An in-memory PGlite with every migration run, for a test. A new PGlite spends about two
 * seconds of CPU creating its cluster; the storage tests open hundreds. So the first one, in any
 * test process, is dumped once as an image (keyed by the migrations and PGlite's version) into the
 * temp folder, and every later one starts from that image in a third of the time. Migrations still
 * run on open, finding nothing to do, so a test sees exactly what a fresh database would.
 */
export async function openTestPglite(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const file = join(tmpdir(), `assistant-pglite-${imageKey()}.tar`);
  if (existsSync(file)) {
    return openDatabase({ kind: 'pglite', dataDir: undefined, image: new Blob([readFileSync(file)]) }, options);
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined }, options);
  const dump = await handle.dumpImage!();
  // Written under a name of its own, then renamed: a parallel test file never reads half an image.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return handle;
}

/**
 * Puts a migrated PGlite cluster at `<dataDir>/pglite`, where the server keeps it, unless one is
 * there already: a started system (end-to-end and integration suites) then opens its database in
 * half a second of CPU instead of about ten creating the cluster and migrating it. The template is
 * made once per set of migrations in the temp folder; the server still migrates on start, finding
 * nothing to do, so it sees exactly what a fresh database would be.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const target = join(dataDir, 'pglite');
  if (existsSync(target)) return;
  const template = join(tmpdir(), `assistant-pglite-dir-${imageKey()}`);
  if (!existsSync(template)) {
    // Made under a name of its own, then renamed: a parallel suite never copies half a cluster.
    const partial = `${template}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    const handle = await openDatabase({ kind: 'pglite', dataDir: partial });
    await handle.close();
    try {
      renameSync(partial, template);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // another suite made it first
    }
  }
  cpSync(template, target, { recursive: true });
}

let key: string | undefined;

/** A key of the migrations (and PGlite's version): a prepared database is reused only while it matches. */
export function imageKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name);
    hash.update(readFileSync(join(migrationsDir, name)));
  }
  // The server pins PGlite's exact version: its package.json names the image's format.
  hash.update(readFileSync(join(import.meta.dirname, '..', '..', 'package.json')));
  key = hash.digest('hex').slice(0, 16);
  return key;
}
