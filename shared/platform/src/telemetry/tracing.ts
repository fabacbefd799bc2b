import { PROBE_TIMEOUT_MS, type Span, type SpanAttributes } from './config';
import type { startWebTracing as StartWebTracing, WebTracing } from './otel-web';

/**
 * The tracing facade (SPEC section 7 "Analytics and telemetry", section 8 "Telemetry failures",
 * section 9 "Telemetry"). Spans are made by OpenTelemetry's web SDK (`WebTracerProvider`,
 * `BatchSpanProcessor`, fetch instrumentation) and exported as OTLP/JSON to the first collector
 * endpoint that answered the probe. The SDK is loaded with a dynamic `import()` only then: when no
 * endpoint answers (blocked by the network or a content blocker) or none is configured, nothing of
 * it is loaded and every call is a no-op. docs/browser-telemetry.md describes the whole.
 */

export {
  PROBE_TIMEOUT_MS,
  TRACE_BATCH_CONFIG,
  TRACE_BATCH_SIZE,
  TRACE_EXPORT_DELAY_MS,
  TRACE_EXPORT_TIMEOUT_MS,
  TRACE_QUEUE_SIZE,
  TRACE_RETRIES,
  TRACE_RETRY,
  type RetryPolicy,
  type Span,
  type SpanAttributes,
} from './config';

export interface Tracing {
  /** Probes the endpoints; resolves true when one answered and the SDK is running. */
  start(): Promise<boolean>;
  readonly active: boolean;
  startSpan(name: string, attributes?: SpanAttributes): Span;
  /** Sends what is queued now. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export interface TracingModule {
  startWebTracing: typeof StartWebTracing;
}

export interface TracingOptions {
  /** Collector URLs accepting OTLP/JSON (for example https://collector/v1/traces). */
  endpoints: readonly string[];
  serviceName: string;
  serviceVersion?: string;
  /** The probe's fetch (tests); the global fetch otherwise. */
  fetch?: typeof fetch;
  /**
   * The API's origin when it is not the portal's own. Same-origin requests (`/api/...`) always get
   * `traceparent`; a different API origin is added to `propagateTraceHeaderCorsUrls`.
   */
  apiOrigin?: string | null;
  /**
   * URLs that are never traced and never get `traceparent`: the identity provider, the analytics
   * collector, the Faro collector. The trace collector endpoints are always added. A URL of
   * another origin stands for its whole origin; a same-origin URL for its path and below.
   */
  ignoreUrls?: readonly (string | null | undefined)[];
  /** Loads the SDK part (a dynamic `import()` of ./otel-web by default). */
  load?: () => Promise<TracingModule>;
  /** The exporter's fetch (tests only). */
  exportFetch?: typeof fetch;
}

export const noopSpan: Span = {
  setAttribute() {},
  recordError() {},
  end() {},
  run: (fn) => fn(),
};

export const noopTracing: Tracing = {
  start: () => Promise.resolve(false),
  active: false,
  startSpan: () => noopSpan,
  flush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** Whether a URL answers a no-cors GET within the probe timeout (an opaque answer counts). */
export async function probeEndpoint(url: string, fetchImpl: typeof fetch = fetch, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await fetchImpl(url, { method: 'GET', mode: 'no-cors', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pageHref = () => globalThis.location?.href ?? 'http://localhost/';

/**
 * A pattern for fetch instrumentation's URL lists: the whole origin of a URL of another origin, or
 * the path (and below) of a same-origin URL. Null for an unreadable URL.
 */
export function urlPattern(url: string, base = pageHref()): RegExp | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  const sameOrigin = parsed.origin === new URL(base).origin;
  const prefix = sameOrigin ? `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}` : parsed.origin;
  return new RegExp(`^${escapeRegExp(prefix)}(?=[/?#]|$)`);
}

const loadOtelWeb = (): Promise<TracingModule> => import('./otel-web');

export function createTracing(options: TracingOptions): Tracing {
  const probeFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let web: WebTracing | null = null;
  let starting: Promise<boolean> | null = null;

  async function begin(): Promise<boolean> {
    let endpoint: string | null = null;
    for (const url of options.endpoints) {
      if (await probeEndpoint(url, probeFetch)) {
        endpoint = url;
        break;
      }
    }
    if (!endpoint) return false;
    try {
      const { startWebTracing } = await (options.load ?? loadOtelWeb)();
      const isPattern = (pattern: RegExp | null): pattern is RegExp => pattern !== null;
      const ignored = [...options.endpoints, ...(options.ignoreUrls ?? [])].filter((url): url is string => Boolean(url));
      const apiPattern = options.apiOrigin && new URL(options.apiOrigin, pageHref()).origin !== new URL(pageHref()).origin ? urlPattern(options.apiOrigin) : null;
      web = startWebTracing({
        endpoint,
        serviceName: options.serviceName,
        serviceVersion: options.serviceVersion,
        ignoreUrls: ignored.map((url) => urlPattern(url)).filter(isPattern),
        propagateTraceHeaderCorsUrls: [apiPattern].filter(isPattern),
        exportFetch: options.exportFetch,
      });
      return true;
    } catch (error) {
      console.warn('Tracing could not be started', error);
      return false;
    }
  }

  return {
    start() {
      starting ??= begin();
      return starting;
    },
    get active() {
      return web !== null;
    },
    startSpan(name, attributes) {
      return web ? web.startSpan(name, attributes) : noopSpan;
    },
    async flush() {
      await web?.flush();
    },
    async shutdown() {
      const running = web;
      web = null;
      await running?.shutdown();
    },
  };
}

let current: Tracing = noopTracing;

/** The portal's tracing (set by the shell at start-up step 3); a no-op until then. */
export function getTracing(): Tracing {
  return current;
}

export function setTracing(tracing: Tracing | null): void {
  current = tracing ?? noopTracing;
}
