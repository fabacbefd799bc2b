import { openDatabase, type DatabaseHandle } from '../../server/src/db/database';

type TestPostgres = { url: string; stop(): void };

/**
 * The database a benchmark runs on: in-memory PGlite, or (`postgres`) a throw-away PostgreSQL
 * server (scripts/test-postgres.mjs, which installs Debian's package when it is missing). `close`
 * closes it and stops that server.
 */
export async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<DatabaseHandle & { label: string }> {
  let postgres: TestPostgres | undefined;
  if (kind === 'postgres') {
    const script = new URL('../../scripts/test-postgres.mjs', import.meta.url).href;
    const { startTestPostgres } = (await import(script)) as { startTestPostgres(): Promise<TestPostgres | null> };
    postgres = (await startTestPostgres()) ?? undefined;
    if (!postgres) throw new Error('no PostgreSQL server could be started (scripts/test-postgres.mjs)');
  }
  const handle = await openDatabase(postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: undefined });
  return {
    ...handle,
    label: postgres ? 'PostgreSQL (throw-away server)' : 'PGlite (in memory)',
    async close() {
      await handle.close();
      postgres?.stop();
    },
  };
}
