import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { ServerMetrics } from '../telemetry/metrics';

/**
 * Metrics of several server processes (node:cluster) as one: each worker keeps its own
 * ServerMetrics; the primary asks every worker for its figures at scrape time and adds them up
 * (prom-client's AggregatorRegistry; figures read from the database, the same in every worker, are
 * taken once: their `aggregator` is `first`). METRICS_PORT is listened on by the primary alone;
 * GET /metrics on the API port (METRICS_TOKEN), answered by whichever worker got the request, asks
 * the primary for the same aggregated text.
 */
const REQUEST = 'assistant:cluster-metrics-req';
const RESPONSE = 'assistant:cluster-metrics-res';
const WORKER_WAIT_MS = 8_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsResponse {
  type: typeof RESPONSE;
  id: number;
  body?: string;
  error?: string;
}

export interface MetricsSource {
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** In the primary: the aggregated metrics of every live worker, also answering the workers' requests. */
export function primaryClusterMetrics(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  const scrape = async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() });
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, REQUEST)) return;
    const answer = (response: Omit<MetricsResponse, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: RESPONSE, id: message.id, ...response } satisfies MetricsResponse);
    };
    scrape().then(
      ({ body }) => answer({ body }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
  return { scrape };
}

/**
 * In a worker: hands this process's registry to the primary when it asks, and makes
 * `metrics.scrape()` (GET /metrics on the API port) answer with the whole cluster's figures.
 */
export function shareWorkerMetrics(metrics: ServerMetrics): void {
  // Constructing it adds prom-client's listener that answers the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics.registry]);
  const contentType = metrics.registry.contentType;
  const waiting = new Map<number, { resolve(body: string): void; reject(error: Error): void }>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (!isMessage<MetricsResponse>(message, RESPONSE)) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error !== undefined || message.body === undefined) pending.reject(new Error(message.error ?? 'no metrics'));
    else pending.resolve(message.body);
  });
  metrics.scrape = () =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary process did not answer with the cluster metrics'));
      }, WORKER_WAIT_MS);
      waiting.set(id, {
        resolve: (body) => {
          clearTimeout(timer);
          resolve({ contentType, body });
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send!({ type: REQUEST, id } satisfies MetricsRequest);
    });
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}
