import { DiagLogLevel, diag, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION, ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import FastifyOtelInstrumentation from '@fastify/otel';
import type { FastifyPluginCallback } from 'fastify';

/**
 * Server traces (docs/observability.md). This module is imported only when tracing is configured
 * (main.ts imports it dynamically), so a server without OTEL_EXPORTER_OTLP_ENDPOINT loads no SDK
 * at all; the model-call and database spans elsewhere go through `@opentelemetry/api` alone,
 * whose tracer is a no-op until a provider is registered here.
 *
 * What makes a trace:
 * - `@fastify/otel` as a Fastify plugin: one span per request, named `METHOD /route/:pattern`,
 *   with the route and the status; it extracts W3C `traceparent` from the request, so the
 *   browser's span is the parent.
 * - The undici instrumentation: every outgoing `fetch` (the openai SDK, DeepL, MCP, ...) as a
 *   client span, with `traceparent` sent on. Node's fetch reports through diagnostics_channel,
 *   so nothing is patched.
 * - Model calls (model-call-span.ts) and database queries (db-spans.ts) as spans of their own.
 *
 * Not used: `@opentelemetry/instrumentation-http` (the request span is @fastify/otel's, and the
 * server's outgoing calls are fetch) and `@opentelemetry/instrumentation-pg` (see db-spans.ts).
 */
export interface Tracing {
  readonly provider: NodeTracerProvider;
  /** Register first in buildApp (before any route): request spans. */
  readonly fastifyPlugin: FastifyPluginCallback;
  /** Exports what is buffered (tests; shutdown). */
  forceFlush(): Promise<void>;
  /** Flushes and stops the exporter, and unregisters the global tracer provider. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  serviceName: string;
  serviceVersion?: string;
  /** Where spans go over OTLP/HTTP (the full traces URL, `.../v1/traces`). */
  tracesUrl?: string;
  /** Headers for the OTLP requests (OTEL_EXPORTER_OTLP_HEADERS: an API key of the backend). */
  headers?: Record<string, string>;
  /** Instead of OTLP: this exporter (tests: an InMemorySpanExporter). */
  exporter?: SpanExporter;
  /** Export each span as it ends instead of in batches (tests). */
  simple?: boolean;
}

/** Starts the SDK and registers it globally (tracer provider, W3C propagator, async context). */
export function startTracing(options: TracingOptions): Tracing {
  const exporter =
    options.exporter ??
    new OTLPTraceExporter({
      ...(options.tracesUrl ? { url: options.tracesUrl } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  // The SDK's batch defaults are the spec's numbers (batch 512, queue 2048, delay 5 s, export timeout 30 s).
  const processor = options.simple ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      ...(options.serviceVersion ? { [ATTR_SERVICE_VERSION]: options.serviceVersion } : {}),
    }),
    spanProcessors: [processor],
  });
  provider.register();

  const fastifyOtel = new FastifyOtelInstrumentation({
    // Health probes (every few seconds from an orchestrator) would be most of the traces.
    ignorePaths: (route: { url: string }) => route.url.split('?')[0] === '/health',
    // Named by route pattern, never the raw URL; `url.path` without the query string (a
    // conversation's name travels in one: `POST /api/conversations?name=`).
    requestHook: (span, request) => {
      const route = request.routeOptions.url;
      span.updateName(route ? `${request.method} ${route}` : `${request.method}`);
      span.setAttribute(ATTR_URL_PATH, request.url.split('?')[0]!);
    },
  });
  fastifyOtel.setTracerProvider(provider);
  const otlpOrigin = safeOrigin(options.tracesUrl);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      fastifyOtel,
      new UndiciInstrumentation({
        // Outside a request or job nothing is worth a trace of its own (the Ollama probe of start-up).
        requireParentforSpans: true,
        // The exporter's own calls (should one go through fetch) never make spans of their own.
        ignoreRequestHook: (request) => otlpOrigin !== undefined && request.origin === otlpOrigin,
      }),
    ],
  });

  let stopped: Promise<void> | undefined;
  return {
    provider,
    fastifyPlugin: fastifyOtel.plugin() as unknown as FastifyPluginCallback,
    forceFlush: () => provider.forceFlush(),
    shutdown: () =>
      (stopped ??= (async () => {
        unregister();
        // The last spans get a few seconds: an unreachable collector must not hold up a stop.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          provider.shutdown().catch(() => undefined),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
            timer.unref();
          }),
        ]);
        clearTimeout(timer);
        trace.disable();
        diag.disable();
      })()),
  };
}

/** How long a stop waits for the last spans to be exported. */
const SHUTDOWN_GRACE_MS = 5_000;
/** At most one log line per problem in this time (a collector that is down fails every export). */
const PROBLEM_LOG_INTERVAL_MS = 60_000;

/**
 * Telemetry failures are logged only (SPEC, error catalogue): the SDK's warnings and errors (an
 * export the collector refused or could not take) go to the server's log, each kind at most once
 * a minute.
 */
export function logTracingProblems(logger: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }): void {
  const last = new Map<string, number>();
  const throttled = (level: 'warn' | 'error') => (message: string, ...args: unknown[]) => {
    const key = `${level}:${message.slice(0, 80)}`;
    const now = Date.now();
    if (now - (last.get(key) ?? 0) < PROBLEM_LOG_INTERVAL_MS) return;
    last.set(key, now);
    const detail = args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === 'string' ? arg : safeJson(arg))).join(' ').slice(0, 500);
    logger[level]({ component: 'telemetry', detail }, `tracing: ${message.split('\\n')[0]!.slice(0, 300)}`);
  };
  const ignore = () => {};
  diag.setLogger(
    { error: throttled('error'), warn: throttled('warn'), info: ignore, debug: ignore, verbose: ignore },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function safeOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
