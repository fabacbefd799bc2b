import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { DatabaseHandle } from '../db/database';
import type { AppTelemetry } from './app-telemetry';
import { ServerMetrics } from './metrics';
import { startTracing, type Tracing } from './tracing';

/**
 * Telemetry for a test (tests only): spans kept in memory and exported as each ends, and a metrics
 * registry of the test's own. Registers the tracer provider globally: one per test process (node
 * --test runs each file in a process of its own); `close()` unregisters it.
 *
 *     const telemetry = startTestTelemetry({ database: handle });
 *     const t = await startTestApp(handle, { telemetry: telemetry.app });
 *     ... telemetry.spans() ...
 *
 * Open the database with `{ traceQueries: true }` for the query spans.
 */
export function startTestTelemetry(options: { database?: DatabaseHandle; metricsToken?: string } = {}) {
  const exporter = new InMemorySpanExporter();
  const tracing: Tracing = startTracing({ serviceName: 'assistant-server-test', exporter, simple: true });
  const metrics = new ServerMetrics({ db: options.database?.db, pool: options.database?.pool, processMetrics: false });
  const app: AppTelemetry = { tracing, metrics, metricsToken: options.metricsToken };
  return {
    exporter,
    tracing,
    metrics,
    /** What buildApp / startTestApp take. */
    app,
    /** The spans ended so far. */
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    close: () => tracing.shutdown(),
  };
}
export type TestTelemetry = ReturnType<typeof startTestTelemetry>;
