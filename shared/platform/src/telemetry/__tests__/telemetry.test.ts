import { createHash, webcrypto } from 'node:crypto';
import { createAnalytics, hashUserId, type AnalyticsClient } from '../analytics';
import { PROBE_TIMEOUT_MS, createTracing, probeEndpoint } from '../tracing';

// jsdom hides crypto.subtle outside secure contexts; the hash needs it.
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

function fakeClient() {
  const client = { init: jest.fn(), identify: jest.fn(), capture: jest.fn(), reset: jest.fn() } satisfies AnalyticsClient;
  return { client, load: jest.fn(async () => client) };
}

function setDoNotTrack(value: string | null) {
  Object.defineProperty(navigator, 'doNotTrack', { value, configurable: true });
}

afterEach(() => {
  setDoNotTrack(null);
  jest.restoreAllMocks();
});

describe('analytics', () => {
  it('is a no-op without a collector URL: the client is never loaded', async () => {
    const { load, client } = fakeClient();
    const analytics = createAnalytics({ collectorUrl: null, apiKey: 'k', salt: 's', load });
    expect(analytics.enabled).toBe(false);
    await analytics.identify('user-1');
    await analytics.capture('page');
    expect(load).not.toHaveBeenCalled();
    expect(client.capture).not.toHaveBeenCalled();
  });

  it('does nothing when do-not-track is on', async () => {
    setDoNotTrack('1');
    const { load } = fakeClient();
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'k', salt: 's', load });
    expect(analytics.enabled).toBe(false);
    await analytics.identify('user-1');
    await analytics.capture('page');
    expect(load).not.toHaveBeenCalled();
  });

  it('masks all inputs and text and identifies by a salted SHA-256 hash, once per change of user id', async () => {
    const { load, client } = fakeClient();
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'key-1', salt: 'pepper', load });
    expect(analytics.enabled).toBe(true);
    await analytics.identify('user-1');
    await analytics.identify('user-1');
    await analytics.capture('opened', { page: '/chat' });
    await analytics.identify('user-2');
    await analytics.identify(null);

    expect(load).toHaveBeenCalledTimes(1);
    expect(client.init).toHaveBeenCalledWith(
      'key-1',
      expect.objectContaining({
        api_host: 'https://collector.test',
        mask_all_text: true,
        mask_all_element_attributes: true,
        session_recording: expect.objectContaining({ maskAllInputs: true, maskTextSelector: '*' }),
      }),
    );
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(client.identify.mock.calls).toEqual([[sha('pepper:user-1')], [sha('pepper:user-2')]]);
    expect(client.identify.mock.calls.flat()).not.toContain('user-1');
    expect(client.capture).toHaveBeenCalledWith('opened', { page: '/chat' });
    expect(client.reset).toHaveBeenCalledTimes(1);
    expect(await hashUserId('user-1', 'pepper')).toBe(sha('pepper:user-1'));
  });

  it('keeps the user anonymous without a salt', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { load, client } = fakeClient();
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'k', salt: '', load });
    await analytics.identify('user-1');
    expect(client.identify).not.toHaveBeenCalled();
  });
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
