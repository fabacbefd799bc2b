import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { ServerConfig } from '../config';
import { WORKER_INDEX_VARIABLE } from './process-count';

/** A worker that ran at least this long before it died is restarted at once; sooner: back-off. */
const HEALTHY_RUN_MS = 30_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** After SIGTERM, how long the workers get to finish their streams and jobs before SIGKILL. */
const STOP_GRACE_MS = 30_000;

export interface ClusterOptions {
  config: ServerConfig;
  workers: number;
  logger: Logger;
}

/**
 * The primary of several server processes (WEB_CONCURRENCY > 1, PostgreSQL only): forks `workers`
 * copies of main.ts that share the API port (node:cluster hands out the connections), and does
 * nothing else heavy. It opens no database: each worker migrates (Kysely holds a PostgreSQL
 * advisory lock while it does) and prepares the rest under a lock of its own (startup-lock.ts),
 * so any number of processes or replicas may start together. The primary also serves METRICS_PORT,
 * adding up the workers' figures (cluster-metrics.ts).
 *
 * A worker that dies is started again in its slot, at once when it had run for a while, else after
 * a back-off that doubles up to 30 s. If workers die before any of them ever listened (a wrong
 * DATABASE_URL, a taken port), the start failed: everything stops with exit code 1. SIGINT and
 * SIGTERM stop every worker gracefully (each closes its listener, finishes and stops its job
 * runners), SIGKILL after 30 s.
 */
export async function runCluster({ config, workers, logger }: ClusterOptions): Promise<void> {
  const log = logger.child({ component: 'cluster' });
  const metricsConfig = config.telemetry.metrics;
  const metrics =
    metricsConfig.port !== undefined || metricsConfig.token ? (await import('./cluster-metrics')).primaryClusterMetrics() : undefined;

  let stopping = false;
  let everListened = false;
  const slots = Array.from({ length: workers }, () => ({ failures: 0, startedAt: 0, timer: undefined as NodeJS.Timeout | undefined }));
  const slotOf = new Map<Worker, number>();

  const fork = (index: number) => {
    slots[index]!.timer = undefined;
    slots[index]!.startedAt = Date.now();
    const worker = cluster.fork({ [WORKER_INDEX_VARIABLE]: String(index) });
    slotOf.set(worker, index);
  };

  cluster.on('listening', (worker) => {
    everListened = true;
    log.debug({ worker: slotOf.get(worker), pid: worker.process.pid }, 'worker listening');
  });
  cluster.on('exit', (worker, code, signal) => {
    const index = slotOf.get(worker);
    slotOf.delete(worker);
    if (stopping || index === undefined) return;
    if (!everListened) {
      log.error({ worker: index, code, signal }, 'a server process failed to start (its output is above); stopping');
      void stop('start failed', 1);
      return;
    }
    const slot = slots[index]!;
    slot.failures = Date.now() - slot.startedAt >= HEALTHY_RUN_MS ? 0 : slot.failures + 1;
    const delay = slot.failures === 0 ? 0 : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (slot.failures - 1));
    log.error({ worker: index, pid: worker.process.pid, code, signal, restartInMs: delay }, 'a server process stopped unexpectedly; starting it again');
    slot.timer = setTimeout(() => fork(index), delay);
  });

  const metricsServer =
    metrics && metricsConfig.port !== undefined
      ? await (await import('../telemetry/metrics-http')).startMetricsServer(metrics, { host: metricsConfig.host, port: metricsConfig.port })
      : undefined;

  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'stopping the server processes');
    for (const slot of slots) if (slot.timer) clearTimeout(slot.timer);
    const alive = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await metricsServer?.close();
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  log.info({ workers, port: config.port, metrics: metricsServer?.url }, `starting ${workers} server processes on port ${config.port}`);
  for (let index = 0; index < workers; index += 1) fork(index);
}
