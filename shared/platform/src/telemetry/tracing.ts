/**
 * A small tracing facade (SPEC section 7 "Trace export"; section 9 batching). No OpenTelemetry
 * dependency: spans are timed here and exported as OTLP/JSON (`resourceSpans`) to the first
 * collector endpoint that answered the probe. When no endpoint answers (blocked by the network or a
 * content blocker) or none is configured, every call is a no-op.
 */

export const PROBE_TIMEOUT_MS = 100;
export const TRACE_BATCH_SIZE = 512;
export const TRACE_QUEUE_SIZE = 2048;
export const TRACE_EXPORT_DELAY_MS = 5000;
export const TRACE_EXPORT_TIMEOUT_MS = 30_000;
export const TRACE_RETRIES = 5;

export interface TracingOptions {
  /** Collector URLs accepting OTLP/JSON (for example https://collector/v1/traces). */
  endpoints: readonly string[];
  serviceName: string;
  serviceVersion?: string;
  fetch?: typeof fetch;
}

export interface Span {
  setAttribute(key: string, value: string | number | boolean): void;
  /** Marks the span failed with the error's message. */
  recordError(error: unknown): void;
  end(): void;
}

export interface Tracing {
  /** Probes the endpoints; resolves true when one answered (then spans are exported). */
  start(): Promise<boolean>;
  readonly active: boolean;
  startSpan(name: string, attributes?: Record<string, string | number | boolean>): Span;
  /** Sends what is queued now. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

interface FinishedSpan {
  traceId: string;
  spanId: string;
  name: string;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, string | number | boolean>;
  error?: string;
}

const noopSpan: Span = { setAttribute() {}, recordError() {}, end() {} };

function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(data);
  else for (let i = 0; i < bytes; i += 1) data[i] = Math.floor(Math.random() * 256);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

const nowNs = (): bigint => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));

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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTracing(options: TracingOptions): Tracing {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let endpoint: string | null = null;
  let queue: FinishedSpan[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pausedUntil = 0;
  const traceId = randomHex(16); // one trace per page load

  const attribute = (key: string, value: string | number | boolean) => ({
    key,
    value:
      typeof value === 'string'
        ? { stringValue: value }
        : typeof value === 'boolean'
          ? { boolValue: value }
          : Number.isInteger(value)
            ? { intValue: String(value) }
            : { doubleValue: value },
  });

  const toOtlp = (spans: FinishedSpan[]) => ({
    resourceSpans: [
      {
        resource: {
          attributes: [
            attribute('service.name', options.serviceName),
            ...(options.serviceVersion ? [attribute('service.version', options.serviceVersion)] : []),
          ],
        },
        scopeSpans: [
          {
            scope: { name: '@assistant/platform' },
            spans: spans.map((span) => ({
              traceId: span.traceId,
              spanId: span.spanId,
              name: span.name,
              kind: 1,
              startTimeUnixNano: span.startNs.toString(),
              endTimeUnixNano: span.endNs.toString(),
              attributes: Object.entries(span.attributes).map(([k, v]) => attribute(k, v)),
              status: span.error ? { code: 2, message: span.error } : { code: 1 },
            })),
          },
        ],
      },
    ],
  });

  /** POSTs one batch; 5 retries with back-off 1 s x 1.5 up to 5 s; a 429 pauses until retry-after. */
  async function send(spans: FinishedSpan[]): Promise<void> {
    if (!endpoint) return;
    const body = JSON.stringify(toOtlp(spans));
    let delay = 1000;
    for (let attempt = 0; attempt <= TRACE_RETRIES; attempt += 1) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) await sleep(wait);
      try {
        const response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          keepalive: body.length < 60_000,
          signal: AbortSignal.timeout(TRACE_EXPORT_TIMEOUT_MS),
        });
        if (response.ok) return;
        if (response.status === 429) {
          const retryAfter = Number(response.headers.get('retry-after'));
          pausedUntil = Date.now() + (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : delay);
        } else if (response.status < 500) {
          console.warn(`Trace export refused (${response.status}); batch dropped`);
          return;
        }
      } catch (error) {
        if (attempt === TRACE_RETRIES) console.warn('Trace export failed; batch dropped', error);
      }
      await sleep(delay);
      delay = Math.min(delay * 1.5, 5000);
    }
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length) {
      const batch = queue.slice(0, TRACE_BATCH_SIZE);
      queue = queue.slice(TRACE_BATCH_SIZE);
      await send(batch).catch((error: unknown) => console.warn('Trace export failed', error));
    }
  }

  function enqueue(span: FinishedSpan): void {
    if (queue.length >= TRACE_QUEUE_SIZE) return; // full: drop, never grow without bound
    queue.push(span);
    if (queue.length >= TRACE_BATCH_SIZE) void flush();
    else timer ??= setTimeout(() => void flush(), TRACE_EXPORT_DELAY_MS);
  }

  return {
    async start() {
      for (const url of options.endpoints) {
        if (await probeEndpoint(url, doFetch)) {
          endpoint = url;
          return true;
        }
      }
      return false;
    },
    get active() {
      return endpoint !== null;
    },
    startSpan(name, attributes = {}) {
      if (!endpoint) return noopSpan;
      const span: FinishedSpan = { traceId, spanId: randomHex(8), name, startNs: nowNs(), endNs: BigInt(0), attributes: { ...attributes } };
      let ended = false;
      return {
        setAttribute(key, value) {
          span.attributes[key] = value;
        },
        recordError(error) {
          span.error = error instanceof Error ? error.message : String(error);
        },
        end() {
          if (ended) return;
          ended = true;
          span.endNs = nowNs();
          enqueue(span);
        },
      };
    },
    flush,
    async shutdown() {
      await flush();
      endpoint = null;
    },
  };
}
