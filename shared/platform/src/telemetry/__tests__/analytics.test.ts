import { createHash, webcrypto } from 'node:crypto';
import { createAnalytics, hashUserId, posthogConfig, type AnalyticsClient } from '../analytics';

// jsdom hides crypto.subtle outside secure contexts; the hash needs it.
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A stand-in for posthog-js that keeps its distinct id and user state like the real one. */
function statefulClient(persisted: { distinctId?: string; identified?: boolean } = {}) {
  let distinctId = persisted.distinctId ?? 'anonymous-1';
  let identified = persisted.identified ?? false;
  const client = {
    init: jest.fn(),
    capture: jest.fn(),
    identify: jest.fn((id: string) => {
      distinctId = id;
      identified = true;
    }),
    reset: jest.fn(() => {
      distinctId = 'anonymous-2';
      identified = false;
    }),
    get_distinct_id: () => distinctId,
    get_property: (name: string) => (name === '$user_state' ? (identified ? 'identified' : 'anonymous') : undefined),
  } satisfies AnalyticsClient;
  return { client, load: jest.fn(async () => client) };
}

function setDoNotTrack(value: string | null) {
  Object.defineProperty(navigator, 'doNotTrack', { value, configurable: true });
}

afterEach(() => {
  setDoNotTrack(null);
  jest.restoreAllMocks();
});

describe('posthog-js settings (1.449)', () => {
  const config = posthogConfig('https://collector.test');

  it('masks every input, all text and every attribute in the recording', () => {
    expect(config.session_recording).toMatchObject({ maskAllInputs: true, maskTextSelector: '*', maskAllElementAttributes: true });
  });

  it('keeps element text and attributes out of autocaptured events', () => {
    expect(config).toMatchObject({ mask_all_text: true, mask_all_element_attributes: true });
  });

  it('never loads a script from the collector and honours do-not-track itself as well', () => {
    expect(config).toMatchObject({ api_host: 'https://collector.test', disable_external_dependency_loading: true, respect_dnt: true });
  });

  it('counts a page view per route of the single-page app', () => {
    expect(config.capture_pageview).toBe('history_change');
  });

  it('starts a new session after 1800 s idle and flushes the event batch every 3000 ms (SPEC section 9)', () => {
    expect(config.session_idle_timeout_seconds).toBe(1800);
    expect(config.request_queue_config).toEqual({ flush_interval_ms: 3000 });
  });
});

describe('identify once per change of user', () => {
  it('sends the salted hash, never the raw id', async () => {
    const { client, load } = statefulClient();
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'key-1', salt: 'pepper', load });
    await analytics.identify('employee');
    await analytics.identify('employee');
    expect(client.identify.mock.calls).toEqual([[sha('pepper:employee')]]);
    expect(client.init).toHaveBeenCalledWith('key-1', posthogConfig('https://collector.test'));
  });

  it('does not identify again after a reload (posthog-js still knows the user)', async () => {
    const { client, load } = statefulClient({ distinctId: sha('pepper:employee'), identified: true });
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'k', salt: 'pepper', load });
    await analytics.identify('employee');
    expect(client.identify).not.toHaveBeenCalled();
    expect(client.reset).not.toHaveBeenCalled();
  });

  it('resets before identifying another user who is still remembered (posthog-js would switch silently)', async () => {
    const { client, load } = statefulClient({ distinctId: sha('pepper:employee'), identified: true });
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'k', salt: 'pepper', load });
    await analytics.identify('colleague');
    expect(client.reset).toHaveBeenCalledTimes(1);
    expect(client.identify.mock.calls).toEqual([[sha('pepper:colleague')]]);
    expect(client.reset.mock.invocationCallOrder[0]!).toBeLessThan(client.identify.mock.invocationCallOrder[0]!);
  });

  it('resets on sign-out, then identifies the next user', async () => {
    const { client, load } = statefulClient();
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'k', salt: 'pepper', load });
    await analytics.identify('employee');
    await analytics.identify(null);
    await analytics.identify('colleague');
    expect(client.reset).toHaveBeenCalledTimes(1);
    expect(client.identify.mock.calls).toEqual([[sha('pepper:employee')], [sha('pepper:colleague')]]);
    expect(await hashUserId('colleague', 'pepper')).toBe(sha('pepper:colleague'));
  });

  it('loads nothing with do-not-track, even when asked to identify', async () => {
    setDoNotTrack('1');
    const { load } = statefulClient();
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'k', salt: 'pepper', load });
    expect(analytics.enabled).toBe(false);
    await analytics.identify('employee');
    await analytics.capture('opened');
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps the user anonymous without a salt', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { load, client } = statefulClient();
    const analytics = createAnalytics({ collectorUrl: 'https://collector.test', apiKey: 'k', salt: '', load });
    await analytics.identify('employee');
    expect(client.identify).not.toHaveBeenCalled();
    expect(await hashUserId('employee', 'pepper')).toBe(sha('pepper:employee'));
  });

  it('loads nothing without a collector', async () => {
    const { load } = statefulClient();
    const analytics = createAnalytics({ collectorUrl: '', apiKey: 'k', salt: 'pepper', load });
    await analytics.identify('employee');
    expect(load).not.toHaveBeenCalled();
  });
});
