import { PROBE_TIMEOUT_MS, createTracing, probeEndpoint } from '../tracing';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('tracing', () => {
  const blocked = jest.fn(async () => {
    throw new TypeError('Failed to fetch (blocked by client)');
  });
  /** Never answers; honours the abort like fetch does. */
  const hanging = jest.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
  );

  it(`probes with a no-cors GET aborted after ${PROBE_TIMEOUT_MS} ms`, async () => {
    const started = Date.now();
    expect(await probeEndpoint('https://collector.test/v1/traces', hanging as unknown as typeof fetch)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(hanging).toHaveBeenCalledWith('https://collector.test/v1/traces', expect.objectContaining({ method: 'GET', mode: 'no-cors' }));
  });

  it('is a no-op when every endpoint is blocked, and the SDK is never loaded', async () => {
    const load = jest.fn(() => import('../otel-web'));
    const tracing = createTracing({ endpoints: ['https://a.test/v1/traces', 'https://b.test/v1/traces'], serviceName: 'assistant', fetch: blocked as unknown as typeof fetch, load });
    expect(await tracing.start()).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(tracing.active).toBe(false);
    tracing.startSpan('route').end();
    await tracing.flush();
    expect(blocked).toHaveBeenCalledTimes(2); // the two probes, nothing else
  });

  it('loads nothing when no endpoint is configured', async () => {
    const load = jest.fn(() => import('../otel-web'));
    const tracing = createTracing({ endpoints: [], serviceName: 'assistant', load });
    expect(await tracing.start()).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('treats endpoints that never answer as blocked (each probe aborted after 100 ms)', async () => {
    const load = jest.fn(() => import('../otel-web'));
    const tracing = createTracing({ endpoints: ['https://slow.test/v1/traces'], serviceName: 'assistant', fetch: hanging as unknown as typeof fetch, load });
    expect(await tracing.start()).toBe(false);
    expect(tracing.active).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });
});
