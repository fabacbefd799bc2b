import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, DatabaseHandle } from '../db/database';
import type { UsageMetrics } from '../usage/usage-meter';
import type { ModelCallInfo, ModelCallObserver, ModelCallOutcome } from './model-call-span';

/**
 * The server's metrics in Prometheus format (prom-client), on a registry of their own (never the
 * global one: tests build as many as they like). docs/observability.md lists each with its labels.
 *
 * Labels stay few: an HTTP route is its pattern (`/api/conversations/:id`), never the raw URL; a
 * model is one of the configured models. The queue depths, stream leases and pool figures are
 * read when Prometheus scrapes (one cheap query each), not kept up to date in between.
 */
export interface ServerMetricsOptions {
  /** For the queue depths and stream leases (read at scrape time); absent: those stay empty. */
  db?: Database;
  /** PostgreSQL's pool (DatabaseHandle.pool); absent on PGlite: no pool figures. */
  pool?: DatabaseHandle['pool'];
  /** Node's process metrics (CPU, memory, event loop lag, GC); default on. */
  processMetrics?: boolean;
}

/** Seconds: a JSON answer takes milliseconds, a streamed one up to minutes. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const FIRST_TOKEN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60];
const MODEL_CALL_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600];
/** Distinct model labels kept; more (a client naming models at will) count as `other`. */
const MAX_MODEL_LABELS = 50;

export class ServerMetrics implements ModelCallObserver, UsageMetrics {
  readonly registry = new Registry();
  private readonly modelLabels = new Set<string>();

  readonly httpRequests = new Counter({
    name: 'assistant_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'assistant_http_request_duration_seconds',
    help: 'Time from request to the end of the response (a streamed answer: to its last line), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });

  readonly activeStreams = new Gauge({
    name: 'assistant_active_streams',
    help: 'Streamed model answers being read by this process right now',
    registers: [this.registry],
  });

  readonly timeToFirstToken = new Histogram({
    name: 'assistant_model_time_to_first_token_seconds',
    help: 'Time from a streamed model call to its first piece of answer, reasoning or tool call, by model',
    labelNames: ['model'] as const,
    buckets: FIRST_TOKEN_BUCKETS,
    registers: [this.registry],
  });

  readonly modelCallDuration = new Histogram({
    name: 'assistant_model_call_duration_seconds',
    help: 'Duration of model calls (a stream: until its last chunk), by model, whether streamed and outcome (ok, error, cancelled)',
    labelNames: ['model', 'streamed', 'outcome'] as const,
    buckets: MODEL_CALL_BUCKETS,
    registers: [this.registry],
  });

  readonly modelErrors = new Counter({
    name: 'assistant_model_errors_total',
    help: 'Failed model calls by kind (timeout, rate_limited, upstream_4xx, upstream_5xx, network, unavailable, too_long, upstream_error, other)',
    labelNames: ['kind', 'model'] as const,
    registers: [this.registry],
  });

  readonly modelTokens = new Counter({
    name: 'assistant_model_tokens_total',
    help: 'Tokens the model endpoint reported (usage), by model and type (input, output); streams report none unless the endpoint sends usage',
    labelNames: ['model', 'type'] as const,
    registers: [this.registry],
  });

  // Usage (docs/operations.md "Usage and budgets"): what each feature asks of each model. By
  // feature and model only, never a user; estimated tokens count too (the endpoint said none).
  readonly usageTokens = new Counter({
    name: 'assistant_usage_tokens_total',
    help: 'Tokens of recorded model calls (reported by the endpoint, else estimated; transcription at its configured rate), by feature, model and direction (in, out)',
    labelNames: ['feature', 'model', 'direction'] as const,
    registers: [this.registry],
  });

  readonly usageCalls = new Counter({
    name: 'assistant_usage_calls_total',
    help: 'Recorded model calls of users, by feature and model',
    labelNames: ['feature', 'model'] as const,
    registers: [this.registry],
  });

  constructor(options: ServerMetricsOptions = {}) {
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    const { db, pool } = options;
    if (db) {
      new Gauge({
        name: 'assistant_job_queue_depth',
        help: 'Jobs not finished (source computation, re-embedding, deep research), by kind and status (pending, running)',
        labelNames: ['kind', 'status'] as const,
        registers: [this.registry],
        // Read from the database: every server process reads the same, so counted once (cluster-metrics.ts).
        aggregator: 'first',
        async collect() {
          const rows = await db
            .selectFrom('jobs')
            .select(['kind', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
            .where('status', 'in', ['pending', 'running'])
            .groupBy(['kind', 'status'])
            .execute()
            .catch(() => undefined);
          if (!rows) return;
          this.reset();
          for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
        },
      });
      new Gauge({
        name: 'assistant_ingestion_queue_depth',
        help: 'Uploaded files waiting for or in ingestion, by status (created, running)',
        labelNames: ['status'] as const,
        registers: [this.registry],
        // Read from the database: every server process reads the same, so counted once (cluster-metrics.ts).
        aggregator: 'first',
        async collect() {
          const rows = await db
            .selectFrom('ingestion_runs')
            .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
            .where('status', 'in', ['created', 'running'])
            .groupBy('status')
            .execute()
            .catch(() => undefined);
          if (!rows) return;
          const counts = new Map(rows.map((row) => [row.status, Number(row.n)]));
          for (const status of ['created', 'running'] as const) this.set({ status }, counts.get(status) ?? 0);
        },
      });
      new Gauge({
        name: 'assistant_stream_slots_taken',
        help: 'Per-user stream slots taken over all replicas (MAX_CONCURRENT_STREAMS_PER_USER leases; 0 when that limit is off)',
        registers: [this.registry],
        // Read from the database: every server process reads the same, so counted once (cluster-metrics.ts).
        aggregator: 'first',
        async collect() {
          const row = await db
            .selectFrom('stream_leases')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('expires_at', '>', sql<Date>`now()`)
            .executeTakeFirst()
            .catch(() => undefined);
          if (row) this.set(Number(row.n));
        },
      });
    }
    if (pool) {
      new Gauge({
        name: 'assistant_db_pool_connections',
        help: 'PostgreSQL pool connections, by state (total, idle)',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'assistant_db_pool_waiting_clients',
        help: 'Queries waiting for a PostgreSQL pool connection',
        registers: [this.registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
  }

  /** One answered HTTP request; `route` is the route pattern (undefined: no route matched). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const label = route ?? 'unmatched';
    this.httpRequests.inc({ method, route: label, status_code: String(statusCode) });
    this.httpDuration.observe({ method, route: label }, seconds);
  }

  streamOpened(_info: ModelCallInfo): void {
    this.activeStreams.inc();
  }

  streamClosed(_info: ModelCallInfo): void {
    this.activeStreams.dec();
  }

  ended(outcome: ModelCallOutcome): void {
    const model = this.modelLabel(outcome.model);
    const result = outcome.cancelled ? 'cancelled' : outcome.errorKind ? 'error' : 'ok';
    this.modelCallDuration.observe({ model, streamed: String(outcome.streamed), outcome: result }, outcome.durationSeconds);
    if (outcome.streamed && outcome.timeToFirstTokenSeconds !== undefined) this.timeToFirstToken.observe({ model }, outcome.timeToFirstTokenSeconds);
    if (outcome.errorKind) this.modelErrors.inc({ kind: outcome.errorKind, model });
    if (outcome.inputTokens) this.modelTokens.inc({ model, type: 'input' }, outcome.inputTokens);
    if (outcome.outputTokens) this.modelTokens.inc({ model, type: 'output' }, outcome.outputTokens);
  }

  usageRecorded({ feature, model, inputTokens, outputTokens }: Parameters<UsageMetrics['usageRecorded']>[0]): void {
    const label = this.modelLabel(model);
    this.usageCalls.inc({ feature, model: label });
    if (inputTokens > 0) this.usageTokens.inc({ feature, model: label, direction: 'in' }, inputTokens);
    if (outputTokens > 0) this.usageTokens.inc({ feature, model: label, direction: 'out' }, outputTokens);
  }

  private modelLabel(model: string): string {
    if (this.modelLabels.has(model)) return model;
    if (this.modelLabels.size >= MAX_MODEL_LABELS) return 'other';
    this.modelLabels.add(model);
    return model;
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
