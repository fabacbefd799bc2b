import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, renderHook } from '@testing-library/react';
import { FEATURE_SETS_ORDERED } from '@assistant/contracts';
import { createApiClients, setApiClients } from '../../http/api-clients';
import { FEATURE_NAMES, FEATURE_TABLE, isFeatureAvailable, type FeatureName } from '../feature-sets';
import { isFeatureOn, isFlagOn, useGatingStore } from '../gating-store';
import { useFeature, useFlag } from '../use-feature';

/** SPEC section 4, written out by hand: for each set, the features that are on. */
const expected: Record<string, FeatureName[]> = {
  BETA: [...FEATURE_NAMES],
  '1': [],
  '250600': ['localChatHistory', 'tokenStreaming', 'accessibility'],
  '250601': ['localChatHistory', 'tokenStreaming', 'accessibility'],
  '250700': ['localChatHistory', 'tokenStreaming', 'accessibility', 'accessibilityContact'],
  '251000': ['localChatHistory', 'tokenStreaming', 'accessibility', 'accessibilityContact', 'collections'],
};

describe('feature-set gating table', () => {
  it('knows exactly the eleven features of the spec', () => {
    expect(FEATURE_NAMES.sort()).toEqual(
      [
        'accessibility',
        'accessibilityContact',
        'collections',
        'customizationView',
        'easyLanguage',
        'localChatHistory',
        'mcpTools',
        'naturalLanguageSearch',
        'personalAgents',
        'signLanguage',
        'tokenStreaming',
      ].sort(),
    );
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['BETA', '1', ...FEATURE_SETS_ORDERED]));
  });

  const cases = Object.entries(expected).flatMap(([set, on]) => FEATURE_NAMES.map((feature) => [set, feature, on.includes(feature)] as const));
  it.each(cases)('set %s, feature %s: %s', (set, feature, on) => {
    expect(isFeatureAvailable(set, feature)).toBe(on);
  });

  it('BETA-only features stay off for every release code, even a later one', () => {
    for (const feature of FEATURE_NAMES.filter((f) => FEATURE_TABLE[f] === 'BETA')) {
      expect(isFeatureAvailable('999999', feature)).toBe(false);
    }
    expect(isFeatureAvailable('999999', 'collections')).toBe(true);
  });

  it('a code between two listed codes falls in place; junk and empty count as legacy', () => {
    expect(isFeatureAvailable('250650', 'accessibility')).toBe(true);
    expect(isFeatureAvailable('250650', 'accessibilityContact')).toBe(false);
    expect(isFeatureAvailable('250599', 'accessibility')).toBe(false);
    expect(isFeatureAvailable('beta', 'personalAgents')).toBe(false);
    expect(isFeatureAvailable('', 'accessibility')).toBe(false);
    expect(isFeatureAvailable(undefined, 'accessibility')).toBe(false);
  });
});

describe('gating store', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    setApiClients(createApiClients({ getToken: () => 't', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
    useGatingStore.setState({ flags: {}, featureSet: '1', status: 'idle' });
  });
  afterEach(() => server.resetHandlers());

  it('loads the flags first, then the feature set, and the hooks follow', async () => {
    const order: string[] = [];
    server.use(
      http.get('http://localhost/api/feature-flags', () => (order.push('flags'), HttpResponse.json({ enableChat: true, enableNls: false }))),
      http.get('http://localhost/api/feature-set', () => (order.push('set'), HttpResponse.json({ feature_set: '250700' }))),
    );
    const { result } = renderHook(() => ({
      chat: useFlag('enableChat'),
      nls: useFlag('enableNls'),
      contact: useFeature('accessibilityContact'),
      collections: useFeature('collections'),
    }));
    expect(result.current).toEqual({ chat: false, nls: false, contact: false, collections: false });
    await act(() => useGatingStore.getState().load());
    expect(order).toEqual(['flags', 'set']);
    expect(result.current).toEqual({ chat: true, nls: false, contact: true, collections: false });
    expect(isFlagOn('enableChat')).toBe(true);
    expect(isFeatureOn('accessibility')).toBe(true);
    expect(useGatingStore.getState().status).toBe('loaded');
  });

  it('a failed load leaves everything off', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.get('http://localhost/api/feature-flags', () => new HttpResponse(null, { status: 500 })),
      http.get('http://localhost/api/feature-set', () => HttpResponse.json({ feature_set: 'nonsense' })),
    );
    await useGatingStore.getState().load();
    expect(useGatingStore.getState()).toMatchObject({ flags: {}, featureSet: '1', status: 'failed' });
  });
});
