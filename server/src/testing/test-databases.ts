import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { openTestPglite } from './test-pglite';

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
        await admin.query(`create database ${name}`);
        await admin.end();
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
