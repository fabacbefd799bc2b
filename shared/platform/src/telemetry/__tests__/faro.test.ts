import { createHash, webcrypto } from 'node:crypto';
import { SESSION_EXPIRATION_TIME, SESSION_INACTIVITY_TIME, TransportItemType, type TransportItem } from '@grafana/faro-web-sdk';
import { FARO_BATCHING, FARO_SESSION_INACTIVITY_MS, FARO_SESSION_MAX_MS, createObservability, type FaroModule } from '../faro';
import { FARO_DEFAULT_BACKOFF_MS, PausingFetchTransport } from '../faro-transport';
import { faroConfig, scrubItem } from '../faro-web';
import { scrubUrlParams } from '../scrub';

Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

const item = (message: string): TransportItem =>
  ({
    type: TransportItemType.EXCEPTION,
    payload: { type: 'Error', value: message, timestamp: '2026-01-01T00:00:00.000Z' },
    meta: { session: { id: 'session-1' }, page: { url: 'https://portal.test/callback?code=abc&state=xyz&lang=de' } },
  }) as unknown as TransportItem;

describe('Faro configuration', () => {
  it('batches 250 ms or 50 items; sessions last at most 4 h with 15 min inactivity', () => {
    const transport = new PausingFetchTransport({ url: 'https://faro.test/collect' });
    const config = faroConfig({ url: 'https://faro.test/collect', appName: 'assistant', appVersion: '1.0.0', ignoreUrls: ['https://idp.test'] }, transport);
    expect(config.batching).toEqual({ enabled: true, sendTimeout: 250, itemLimit: 50 });
    expect(FARO_BATCHING).toEqual({ sendTimeout: 250, itemLimit: 50 });
    expect(config.sessionTracking).toMatchObject({ enabled: true });
    // Faro's session limits are fixed; they are the spec's.
    expect(SESSION_EXPIRATION_TIME).toBe(FARO_SESSION_MAX_MS);
    expect(FARO_SESSION_MAX_MS).toBe(14_400_000);
    expect(SESSION_INACTIVITY_TIME).toBe(FARO_SESSION_INACTIVITY_MS);
    expect(FARO_SESSION_INACTIVITY_MS).toBe(15 * 60 * 1000);
    expect(config.transports).toEqual([transport]);
    expect(config.app).toMatchObject({ name: 'assistant', version: '1.0.0' });
    // No console capture: what the portal logs may quote user text.
    expect(config.instrumentations?.map((instrumentation) => instrumentation.name)).not.toContain('@grafana/faro-web-sdk:instrumentation-console');
    expect(config.beforeSend).toBe(scrubItem);
  });

  it('scrubs tokens, the sign-in code and state from every URL of an item', () => {
    const scrubbed = scrubItem(item('GET https://idp.test/token?access_token=t0k3n&x=1 failed'));
    expect(JSON.stringify(scrubbed)).not.toMatch(/abc|xyz|t0k3n/);
    expect((scrubbed.meta.page as { url: string }).url).toBe('https://portal.test/callback?code=redacted&state=redacted&lang=de');
    expect(scrubUrlParams('/cb#access_token=a&id_token=b&state=c')).toBe('/cb#access_token=redacted&id_token=redacted&state=redacted');
  });
});

describe('the pausing Faro transport', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  function collector(statuses: Array<[number, Record<string, string>?]>) {
    const bodies: unknown[] = [];
    const fetchStub = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init!.body)));
      const [status, headers] = statuses.shift() ?? [202];
      return new Response(null, { status, headers });
    });
    return { fetchStub, bodies };
  }

  it('pauses on a 429 until retry-after, then sends the held batches in order', async () => {
    const { fetchStub, bodies } = collector([[429, { 'retry-after': '3' }]]);
    const transport = new PausingFetchTransport({ url: 'https://faro.test/collect', fetch: fetchStub as unknown as typeof fetch, logger: { warn: jest.fn() } });
    await transport.send([item('first')]);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(transport.paused).toBe(true);

    await transport.send([item('second')]); // during the pause: held, not sent
    await jest.advanceTimersByTimeAsync(2999);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(transport.queued).toBe(2);

    await jest.advanceTimersByTimeAsync(1);
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(transport.paused).toBe(false);
    expect(transport.queued).toBe(0);
    const values = bodies.map((body) => (body as { exceptions: { value: string }[] }).exceptions[0]!.value);
    expect(values).toEqual(['first', 'first', 'second']);
    const headers = (fetchStub.mock.calls[0]![1] as RequestInit).headers as Record<string, string>;
    expect(headers['x-faro-session-id']).toBe('session-1');

    await transport.send([item('third')]); // resumed: sent at once
    expect(fetchStub).toHaveBeenCalledTimes(4);
  });

  it(`pauses ${FARO_DEFAULT_BACKOFF_MS} ms on a 429 without retry-after`, async () => {
    const { fetchStub } = collector([[429]]);
    const transport = new PausingFetchTransport({ url: 'https://faro.test/collect', fetch: fetchStub as unknown as typeof fetch, logger: { warn: jest.fn() } });
    await transport.send([item('first')]);
    await jest.advanceTimersByTimeAsync(FARO_DEFAULT_BACKOFF_MS - 1);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('only logs other failures (no retry, no throw)', async () => {
    const warn = jest.fn();
    const fetchStub = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const transport = new PausingFetchTransport({ url: 'https://faro.test/collect', fetch: fetchStub as unknown as typeof fetch, logger: { warn } });
    await expect(transport.send([item('first')])).resolves.toBeUndefined();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('observability facade', () => {
  function fakeFaro() {
    const api = { setUser: jest.fn(), resetUser: jest.fn(), pushError: jest.fn() };
    const startFaro = jest.fn(() => ({ faro: { api }, transport: {} }));
    const load = jest.fn(async () => ({ startFaro }) as unknown as FaroModule);
    return { api, startFaro, load };
  }

  it('loads nothing without a Faro URL', async () => {
    const { load } = fakeFaro();
    const observability = createObservability({ url: null, appName: 'assistant', salt: 'pepper-salt', load });
    expect(observability.enabled).toBe(false);
    expect(await observability.start()).toBe(false);
    await observability.setUser('user-1');
    expect(load).not.toHaveBeenCalled();
  });

  it('sets the user by the salted hash, never the raw id, once per change', async () => {
    const { api, load, startFaro } = fakeFaro();
    const observability = createObservability({ url: 'https://faro.test/collect', appName: 'assistant', salt: 'pepper-salt', load, ignoreUrls: ['https://idp.test', null] });
    expect(await observability.start()).toBe(true);
    await observability.setUser('user-1');
    await observability.setUser('user-1');
    await observability.setUser(null);
    expect(load).toHaveBeenCalledTimes(1);
    expect(startFaro).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://faro.test/collect', ignoreUrls: ['https://idp.test'] }));
    const hash = createHash('sha256').update('pepper-salt:user-1').digest('hex');
    expect(api.setUser.mock.calls).toEqual([[{ id: hash }]]);
    expect(api.resetUser).toHaveBeenCalledTimes(1);
  });
});
