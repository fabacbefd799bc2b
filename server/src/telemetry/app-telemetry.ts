import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { ServerMetrics } from './metrics';
import { registerHttpMetrics, registerMetricsRoute } from './metrics-http';

/**
 * What buildApp is given of the telemetry (main.ts builds it from the configuration; tests from
 * an in-memory exporter and a registry of their own). Importing this loads neither the SDK nor
 * prom-client: both come in through the objects passed.
 */
export interface AppTelemetry {
  /** Request spans: tracing.ts's `fastifyPlugin`. Absent: no request spans. */
  tracing?: { fastifyPlugin: FastifyPluginCallback } | undefined;
  /** Request counts and durations; the model provider buildApp makes reports to it too. */
  metrics?: ServerMetrics | undefined;
  /** METRICS_TOKEN: GET /metrics on the API port behind this bearer token. */
  metricsToken?: string | undefined;
}

/** Requests whose "incoming request" line was written inside their span (raw requests). */
const loggedInSpan = new WeakSet<object>();

/**
 * Fastify's `disableRequestLogging` when tracing is on. Fastify writes "incoming request" before
 * the first hook, so before the request span exists and without its trace id; this leaves that
 * one line to the hook below (written inside the span), and every later line of Fastify's own
 * ("request completed", errors, a stream closed early) to Fastify, which then has the trace id.
 */
export function requestLoggingOption(telemetry: AppTelemetry | undefined): ((request: { raw?: object }) => boolean) | undefined {
  if (!telemetry?.tracing) return undefined;
  return (request) => !loggedInSpan.has(request.raw ?? request);
}

/** Registers the request spans and metrics: first thing in buildApp, before any hook or route. */
export async function registerTelemetry(app: FastifyInstance, telemetry: AppTelemetry): Promise<void> {
  if (telemetry.tracing) {
    await app.register(telemetry.tracing.fastifyPlugin);
    app.addHook('onRequest', async (request) => {
      loggedInSpan.add(request.raw);
      request.log.info({ req: request }, 'incoming request');
    });
  }
  if (telemetry.metrics) {
    registerHttpMetrics(app, telemetry.metrics);
    if (telemetry.metricsToken) registerMetricsRoute(app, telemetry.metrics, telemetry.metricsToken);
  }
}
