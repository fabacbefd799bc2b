import { SpanStatusCode, context, propagation, trace, type Span as OtelSpan } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { WebTracerProvider } from '@opentelemetry/sdk-trace-web';
import { RetryingOtlpSpanExporter } from './otlp-exporter';
import { scrubUrlParams } from './scrub';
import { TRACE_BATCH_CONFIG, type Span, type SpanAttributes } from './config';

/**
 * The OpenTelemetry part of tracing, loaded by `createTracing` with a dynamic `import()` only
 * after a collector endpoint answered the probe (the shell's first JavaScript stays without it).
 */
export interface WebTracingSetup {
  /** The collector endpoint that answered the probe. */
  endpoint: string;
  serviceName: string;
  serviceVersion?: string;
  /** Cross-origin URLs that get `traceparent` (same-origin requests always do). */
  propagateTraceHeaderCorsUrls: RegExp[];
  /** URLs that are neither traced nor given `traceparent`. */
  ignoreUrls: RegExp[];
  /** The exporter's fetch (tests); the un-instrumented global fetch otherwise. */
  exportFetch?: typeof fetch;
}

export interface WebTracing {
  readonly provider: WebTracerProvider;
  readonly processor: BatchSpanProcessor;
  readonly exporter: RetryingOtlpSpanExporter;
  startSpan(name: string, attributes?: SpanAttributes): Span;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const URL_ATTRIBUTES = ['url.full', 'http.url', 'url.query'];

/** Takes sensitive query parameters out of URL attributes before a span ends (SPEC section 7). */
const scrubbingProcessor: SpanProcessor = {
  onStart() {},
  onEnding(span) {
    for (const key of URL_ATTRIBUTES) {
      const value = span.attributes[key];
      if (typeof value === 'string') span.setAttribute(key, scrubUrlParams(value));
    }
  },
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

function wrapSpan(span: OtelSpan): Span {
  return {
    setAttribute(key, value) {
      span.setAttribute(key, value);
    },
    recordError(error) {
      const message = scrubUrlParams(error instanceof Error ? error.message : String(error));
      span.recordException({ name: error instanceof Error ? error.name : 'Error', message });
      span.setStatus({ code: SpanStatusCode.ERROR, message });
    },
    end() {
      span.end();
    },
    run(fn) {
      return context.with(trace.setSpan(context.active(), span), fn);
    },
    get traceId() {
      return span.spanContext().traceId;
    },
  };
}

export function startWebTracing(setup: WebTracingSetup): WebTracing {
  const exporter = new RetryingOtlpSpanExporter({ url: setup.endpoint, fetch: setup.exportFetch });
  const processor = new BatchSpanProcessor(exporter, { ...TRACE_BATCH_CONFIG });
  const provider = new WebTracerProvider({
    resource: resourceFromAttributes({
      'service.name': setup.serviceName,
      ...(setup.serviceVersion ? { 'service.version': setup.serviceVersion } : {}),
    }),
    spanProcessors: [scrubbingProcessor, processor],
  });
  // Global context manager (stack based) and the W3C trace-context propagator.
  provider.register();
  const fetchInstrumentation = new FetchInstrumentation({
    ignoreUrls: setup.ignoreUrls,
    propagateTraceHeaderCorsUrls: setup.propagateTraceHeaderCorsUrls,
    // Resource timings are matched per request; the network events are not worth their size.
    ignoreNetworkEvents: true,
  });
  const unregister = registerInstrumentations({ instrumentations: [fetchInstrumentation], tracerProvider: provider });
  const tracer = provider.getTracer('@assistant/platform', setup.serviceVersion);

  return {
    provider,
    processor,
    exporter,
    startSpan(name, attributes) {
      return wrapSpan(tracer.startSpan(name, { attributes }, context.active()));
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
