import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { createHttpClient } from '../../http/http-client';
import type { WebTracing, WebTracingSetup } from '../otel-web';
import { RetryingOtlpSpanExporter } from '../otlp-exporter';
import { TRACE_BATCH_CONFIG, TRACE_RETRY, createTracing, getTracing, setTracing, type Tracing, type TracingModule } from '../tracing';

const answers = jest.fn(async () => new Response(null, { status: 200 }));
const PAGE = 'http://localhost';

interface Started {
  tracing: Tracing;
  web: () => WebTracing;
  setup: () => WebTracingSetup;
  load: jest.Mock;
  /** What reached the collector, parsed OTLP/JSON. */
  exported: () => Array<{ name: string; traceId: string; spanId: string; parentSpanId?: string; attributes: { key: string; value: { stringValue?: string } }[] }>;
}

async function startTracing(extra: { ignoreUrls?: string[]; endpoint?: string } = {}): Promise<Started> {
  let web: WebTracing | null = null;
  let setup: WebTracingSetup | null = null;
  const bodies: string[] = [];
  const exportFetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(new TextDecoder().decode(init!.body as Uint8Array));
    return new Response(null, { status: 200 });
  });
  const load = jest.fn(async (): Promise<TracingModule> => {
    const module = await import('../otel-web');
    return {
      startWebTracing: (s) => {
        setup = s;
        web = module.startWebTracing(s);
        return web;
      },
    };
  });
  const endpoint = extra.endpoint ?? 'https://collector.test/v1/traces';
  const tracing = createTracing({
    endpoints: [endpoint],
    serviceName: 'assistant',
    serviceVersion: '1.2.3',
    fetch: answers as unknown as typeof fetch,
    ignoreUrls: extra.ignoreUrls,
    load,
    exportFetch: exportFetch as unknown as typeof fetch,
  });
  expect(await tracing.start()).toBe(true);
  return {
    tracing,
    web: () => web!,
    setup: () => setup!,
    load,
    exported: () =>
      bodies.flatMap((body) =>
        (JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: ReturnType<Started['exported']> }[] }[] }).resourceSpans.flatMap((r) =>
          r.scopeSpans.flatMap((s) => s.spans),
        ),
      ),
  };
}

// jsdom has no PerformanceObserver; the fetch instrumentation only patches fetch where it exists.
class FakePerformanceObserver {
  static readonly supportedEntryTypes: string[] = [];
  observe() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
Object.defineProperty(globalThis, 'PerformanceObserver', { value: FakePerformanceObserver, configurable: true, writable: true });

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe('tracing on the OpenTelemetry web SDK', () => {
  const originalFetch = globalThis.fetch;
  let api: jest.Mock;
  let started: Started | null = null;

  beforeEach(() => {
    // The instrumentation wraps whatever global fetch exists when tracing starts.
    api = jest.fn(async () => new Response('{"ok":true}\n', { status: 200 }));
    globalThis.fetch = api as unknown as typeof fetch;
  });

  afterEach(async () => {
    await started?.tracing.shutdown();
    started = null;
    setTracing(null);
    globalThis.fetch = originalFetch;
    jest.restoreAllMocks();
  });

  it('loads the SDK once a collector answered, with the spec batch numbers', async () => {
    started = await startTracing();
    expect(started.load).toHaveBeenCalledTimes(1);
    expect(started.tracing.active).toBe(true);
    const processor = started.web().processor as unknown as Record<string, number>;
    expect({
      batch: processor._maxExportBatchSize,
      queue: processor._maxQueueSize,
      delay: processor._scheduledDelayMillis,
      timeout: processor._exportTimeoutMillis,
    }).toEqual({ batch: 512, queue: 2048, delay: 5000, timeout: 30_000 });
    expect(TRACE_BATCH_CONFIG).toEqual({ maxExportBatchSize: 512, maxQueueSize: 2048, scheduledDelayMillis: 5000, exportTimeoutMillis: 30_000 });
    expect(started.web().exporter.retry).toEqual({ retries: 5, initialBackoffMs: 1000, multiplier: 1.5, maxBackoffMs: 5000 });
    expect(started.web().exporter.timeoutMs).toBe(30_000);
    expect(started.web().exporter.url).toBe('https://collector.test/v1/traces');
  });

  it('gives /api calls a traceparent with the parent span trace id', async () => {
    started = await startTracing();
    const span = started.tracing.startSpan('send message');
    await span.run(() => fetch('/api/conversations/1/messages/v2', { method: 'POST', headers: { Accept: 'application/x-ndjson' } }));
    span.end();
    const traceparent = headerOf(api.mock.calls[0]![1] as RequestInit, 'traceparent');
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(traceparent!.split('-')[1]).toBe(span.traceId);
    expect(headerOf(api.mock.calls[0]![1] as RequestInit, 'Accept')).toBe('application/x-ndjson');
  });

  it('never gives traceparent to the identity provider or the collectors', async () => {
    started = await startTracing({
      endpoint: `${PAGE}/otlp/v1/traces`,
      ignoreUrls: ['https://idp.test/realms/company', `${PAGE}/idp`, 'https://analytics.test', `${PAGE}/faro/collect`],
    });
    const span = started.tracing.startSpan('sign-in and telemetry');
    const urls = [
      'https://idp.test/realms/company/protocol/openid-connect/token',
      `${PAGE}/idp/token`, // a same-origin identity provider
      'https://analytics.test/e/',
      `${PAGE}/faro/collect`,
      `${PAGE}/otlp/v1/traces`,
    ];
    for (const url of urls) await span.run(() => fetch(url, { method: 'POST' }));
    await span.run(() => fetch('/api/version'));
    span.end();
    const headers = api.mock.calls.map(([, init]) => headerOf(init as RequestInit, 'traceparent'));
    expect(headers.slice(0, urls.length)).toEqual(urls.map(() => null));
    expect(headers[urls.length]).toMatch(/^00-/);
  });

  it('traces a streamed model call: the fetch span is the child of the stream span, traceparent carries their trace', async () => {
    started = await startTracing();
    setTracing(started.tracing);
    expect(getTracing()).toBe(started.tracing);
    const client = createHttpClient({ basePath: '/api', getToken: () => 'token', onUnauthenticated: () => undefined, timeoutMs: () => 10_000 });
    const events = [];
    for await (const event of await client.stream('conversations/0123456789abcdef/messages/v2?name=secret', { text: 'hi' }, z.object({ ok: z.boolean() }))) {
      events.push(event);
    }
    expect(events).toEqual([{ ok: true }]);
    await new Promise((resolve) => setTimeout(resolve, 350)); // the fetch span ends 300 ms after its body was read
    await started.tracing.flush();

    const spans = started.exported();
    const stream = spans.find((span) => span.name === 'stream /api/conversations/{id}/messages/v2');
    const request = spans.find((span) => span.name === 'POST');
    expect(stream).toBeDefined();
    expect(request).toBeDefined();
    expect(request!.traceId).toBe(stream!.traceId);
    expect(request!.parentSpanId).toBe(stream!.spanId);
    const traceparent = headerOf(api.mock.calls[0]![1] as RequestInit, 'traceparent')!;
    expect(traceparent.split('-')[1]).toBe(stream!.traceId);
    expect(traceparent.split('-')[2]).toBe(request!.spanId);
    // No user text in the exported URL.
    const url = request!.attributes.find((attribute) => attribute.key === 'url.full')?.value.stringValue;
    expect(url).toBe(`${PAGE}/api/conversations/0123456789abcdef/messages/v2?name=redacted`);
  });
});

describe('the retrying OTLP exporter', () => {
  let spans: ReadableSpan[];

  beforeAll(() => {
    const memory = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] });
    provider.getTracer('test').startSpan('one').end();
    spans = memory.getFinishedSpans();
  });

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const rateLimited = (retryAfter?: string) =>
    jest.fn(async () => new Response(null, { status: 429, headers: retryAfter ? { 'retry-after': retryAfter } : {} }));

  function exportOnce(exporter: RetryingOtlpSpanExporter): { result: () => ExportResult | undefined } {
    let result: ExportResult | undefined;
    exporter.export(spans, (r) => (result = r));
    return { result: () => result };
  }

  it('waits retry-after (2 s) before each retry, gives up after 5 retries and only logs', async () => {
    const warn = jest.fn();
    const fetchStub = rateLimited('2');
    const exporter = new RetryingOtlpSpanExporter({ url: 'https://collector.test/v1/traces', fetch: fetchStub as unknown as typeof fetch, logger: { warn } });
    const run = exportOnce(exporter);
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    for (let retry = 1; retry <= 5; retry += 1) {
      await jest.advanceTimersByTimeAsync(1999);
      expect(fetchStub).toHaveBeenCalledTimes(retry);
      await jest.advanceTimersByTimeAsync(1);
      expect(fetchStub).toHaveBeenCalledTimes(retry + 1);
    }
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fetchStub).toHaveBeenCalledTimes(6); // 1 + 5 retries
    expect(run.result()?.code).toBe(ExportResultCode.FAILED);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/status 429.*5 retries used.*1 span\(s\) dropped/);
    const init = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[1]).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json' } });
  });

  it('pauses every batch during a 429, then sends again', async () => {
    let calls = 0;
    const fetchStub = jest.fn(async () => {
      calls += 1;
      return calls === 1 ? new Response(null, { status: 429, headers: { 'retry-after': '3' } }) : new Response(null, { status: 200 });
    });
    const exporter = new RetryingOtlpSpanExporter({ url: 'https://collector.test/v1/traces', fetch: fetchStub as unknown as typeof fetch, logger: { warn: jest.fn() } });
    const first = exportOnce(exporter);
    await jest.advanceTimersByTimeAsync(0);
    const second = exportOnce(exporter); // arrives during the pause
    await jest.advanceTimersByTimeAsync(2999);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(first.result()?.code).toBe(ExportResultCode.SUCCESS);
    expect(second.result()?.code).toBe(ExportResultCode.SUCCESS);
  });

  it('backs off 1 s, 1.5 s, 2.25 s, 3.375 s, 5 s without retry-after', async () => {
    const fetchStub = jest.fn(async () => new Response(null, { status: 503 }));
    const exporter = new RetryingOtlpSpanExporter({ url: 'https://collector.test/v1/traces', fetch: fetchStub as unknown as typeof fetch, logger: { warn: jest.fn() } });
    exportOnce(exporter);
    await jest.advanceTimersByTimeAsync(0);
    const waits = [1000, 1500, 2250, 3375, 5000];
    waits.forEach((wait, index) => expect(wait).toBe(Math.min(TRACE_RETRY.initialBackoffMs * TRACE_RETRY.multiplier ** index, TRACE_RETRY.maxBackoffMs)));
    for (const [index, wait] of waits.entries()) {
      await jest.advanceTimersByTimeAsync(wait - 1);
      expect(fetchStub).toHaveBeenCalledTimes(index + 1);
      await jest.advanceTimersByTimeAsync(1);
      expect(fetchStub).toHaveBeenCalledTimes(index + 2);
    }
  });

  it('does not retry a refused export (400), and never throws', async () => {
    const warn = jest.fn();
    const fetchStub = jest.fn(async () => new Response(null, { status: 400 }));
    const exporter = new RetryingOtlpSpanExporter({ url: 'https://collector.test/v1/traces', fetch: fetchStub as unknown as typeof fetch, logger: { warn } });
    const run = exportOnce(exporter);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(run.result()?.code).toBe(ExportResultCode.FAILED);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
