import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** The environment variable the primary gives each worker: its slot (0 .. N-1), kept across restarts. */
export const WORKER_INDEX_VARIABLE = 'ASSISTANT_WORKER_INDEX';

export interface ServerProcesses {
  /** Server processes to run: 1 means this process serves alone, more means a primary and that many workers. */
  count: number;
  /** Why WEB_CONCURRENCY was not followed (PGlite), for one warning at start. */
  note?: string;
}

/**
 * How many server processes share the API port (WEB_CONCURRENCY). PGlite is an embedded database
 * that belongs to one process: there it is always 1 (a larger WEB_CONCURRENCY is clamped with a
 * warning, so `npm start` keeps working). With DATABASE_URL every process is stateless over
 * PostgreSQL, and the default is one process per core (`os.availableParallelism()`).
 */
export function serverProcesses(
  config: { databaseUrl: string | undefined; webConcurrency: number | undefined },
  cores: number = availableParallelism(),
): ServerProcesses {
  if (!config.databaseUrl) {
    return config.webConcurrency !== undefined && config.webConcurrency > 1
      ? {
          count: 1,
          note: `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded PGlite database belongs to one process, so the server runs as one; set DATABASE_URL (PostgreSQL) for several`,
        }
      : { count: 1 };
  }
  return { count: config.webConcurrency ?? Math.max(1, cores) };
}

/**
 * This process's worker slot when it is one of several server processes (0 .. N-1), else
 * undefined (it serves alone). Slot 0 runs what must run once (the dev identity provider, the
 * start banner); a restarted worker keeps its slot.
 */
export function workerIndex(): number | undefined {
  if (!cluster.isWorker) return undefined;
  const index = Number(process.env[WORKER_INDEX_VARIABLE]);
  return Number.isInteger(index) && index >= 0 ? index : undefined;
}
