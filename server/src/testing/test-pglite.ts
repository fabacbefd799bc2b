import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../db/database';

const migrationsDir = join(import.meta.dirname, '..', 'db', 'migrations');

/**
 * A PGlite with every migration run, for a test: a copy of a migrated cluster (made once per set
 * of migrations in the temp folder) in a folder of its own, removed on close. A new PGlite spends
 * about two seconds of CPU creating its cluster and the storage tests open hundreds; a copy opens
 * in about 0.6 s, and in a third less than an in-memory one loaded from a dumped image (most of
 * that went to unpacking 42 MB into the in-memory file system). Migrations still run on open,
 * finding nothing to do, so a test sees exactly what a fresh database would.
 */
export async function openTestPglite(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), 'assistant-pglite-test-'));
  openCopies.add(dataDir);
  cpSync(await migratedPgliteTemplate(), dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir }, options);
  return {
    ...handle,
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
      openCopies.delete(dataDir);
    },
  };
}

// A test that never closes its database must not leave 40 MB in the temp folder.
const openCopies = new Set<string>();
process.once('exit', () => {
  for (const dir of openCopies) rmSync(dir, { recursive: true, force: true });
});

/**
 * Puts a migrated PGlite cluster at `<dataDir>/pglite`, where the server keeps it, unless one is
 * there already: a started system (end-to-end and integration suites) then opens its database in
 * half a second of CPU instead of about ten creating the cluster and migrating it.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const target = join(dataDir, 'pglite');
  if (existsSync(target)) return;
  cpSync(await migratedPgliteTemplate(), target, { recursive: true });
}

/** The migrated cluster the copies are made from, made once per set of migrations (and PGlite's version). */
async function migratedPgliteTemplate(): Promise<string> {
  const template = join(tmpdir(), `assistant-pglite-dir-${migrationsKey()}`);
  if (existsSync(template)) return template;
  // Made under a name of its own, then renamed: a parallel test process never copies half a cluster.
  const partial = `${template}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir: partial });
  await handle.close();
  try {
    renameSync(partial, template);
  } catch {
    rmSync(partial, { recursive: true, force: true }); // another process made it first
  }
  return template;
}

let key: string | undefined;

/** A key of the migrations (and PGlite's version): a prepared database is reused only while it matches. */
export function migrationsKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name);
    hash.update(readFileSync(join(migrationsDir, name)));
  }
  // The server pins PGlite's exact version: its package.json names the cluster's format.
  hash.update(readFileSync(join(import.meta.dirname, '..', '..', 'package.json')));
  key = hash.digest('hex').slice(0, 16);
  return key;
}
