import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrationsKey, openTestPglite } from './test-pglite';

export interface TestDatabaseTarget {
  name: string;
  open(): Promise<DatabaseHandle>;
}

/**
 * The storage targets a storage test runs on: embedded PGlite always, and a real PostgreSQL when
 * TEST_DATABASE_URL names a server (CI installs one). Each open() gets a fresh, empty database.
 */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [
    { name: 'PGlite', open: () => openTestPglite() },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    targets.push({
      name: 'PostgreSQL',
      async open() {
        const name = `assistant_test_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        try {
          // A copy of a migrated template: a fraction of running every migration on each open.
          await admin.query(`create database ${name} template ${await migratedTemplate(admin, adminUrl)}`);
        } finally {
          await admin.end();
        }
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
        return {
          ...handle,
          async close() {
            await handle.close();
            const cleanup = new pg.Client({ connectionString: adminUrl });
            await cleanup.connect();
            await cleanup.query(`drop database if exists ${name}`);
            await cleanup.end();
          },
        };
      },
    });
  } else if (process.env.CI) {
    throw new Error('CI must run the storage tests on PostgreSQL too: TEST_DATABASE_URL is not set');
  }
  return targets;
}

/**
 * A database with every migration run, made once per set of migrations on the server (its name
 * carries their key) and then only copied. An advisory lock keeps parallel test processes from
 * making it twice; a copy needs nobody connected to it, so it is closed before the lock is freed.
 */
async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `assistant_template_${migrationsKey()}`;
  await admin.query('select pg_advisory_lock(727001)');
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      const partial = `${template}_partial`;
      await admin.query(`drop database if exists ${partial}`);
      await admin.query(`create database ${partial}`);
      const url = new URL(adminUrl);
      url.pathname = `/${partial}`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
      await handle.close();
      // Renamed only when complete: a template half migrated is never copied.
      await admin.query(`alter database ${partial} rename to ${template}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(727001)');
  }
  return template;
}
