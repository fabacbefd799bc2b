import type { MachineTranslation } from '@assistant/contracts';
import {
  createApiClients,
  queryClient,
  resetServerState,
  ServerStateProvider,
  setApiClients,
  setPersistenceUser,
  keptAnswer,
  useNotificationsStore,
} from '@assistant/platform';
import { keepPersistedAnswer } from '@assistant/platform/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode, type ReactNode } from 'react';
import { translationResourcesKeys, useTranslationResourcesQuery } from '../get-translation-resources';

const deepl: MachineTranslation = { id: 'deepl', name: 'DeepL', type: 'deepl', languages: { de: ['en'] } };
const libre: MachineTranslation = { id: 'libre', name: 'LibreTranslate', type: 'libretranslate', languages: { en: ['de'] } };

let requests = 0;
let answer: () => Response | Promise<Response> = () => HttpResponse.json([deepl]);
const server = setupServer(
  http.get('*/api/translation/resources', () => {
    requests += 1;
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  await setPersistenceUser(null);
  localStorage.clear();
  useNotificationsStore.getState().clear();
  resetServerState();
  requests = 0;
  answer = () => HttpResponse.json([deepl]);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const wrapper = ({ children }: { children: ReactNode }) => (
  <StrictMode>
    <ServerStateProvider>{children}</ServerStateProvider>
  </StrictMode>
);
const renderQuery = () => renderHook(() => useTranslationResourcesQuery(), { wrapper });
const unavailableNotices = () =>
  useNotificationsStore
    .getState()
    .notifications.filter((n) => 'key' in n.message && n.message.key === 'TRANSLATION_NOTIFICATIONS.translation-model-unavailable');

describe('translation resources query', () => {
  it('loads the engines without a notice and keeps them for the user', async () => {
    await setPersistenceUser('anna');
    const { result } = renderQuery();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([deepl]);
    expect(unavailableNotices()).toHaveLength(0);
    await waitFor(() => expect(keptAnswer(translationResourcesKeys.all)).toEqual([deepl]));
  });

  it('an empty list shows translation-model-unavailable as an error notification, once per load', async () => {
    answer = () => HttpResponse.json([]);
    const { result } = renderQuery();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([]);
    expect(requests).toBe(1); // StrictMode's second mount shares the load
    expect(unavailableNotices()).toHaveLength(1);
    expect(unavailableNotices()[0]!.variant).toBe('error');

    await act(() => result.current.refetch());
    expect(requests).toBe(2);
    expect(unavailableNotices()).toHaveLength(2);
  });

  it('two screens asking at once share one request and one notice', async () => {
    answer = () => HttpResponse.json([]);
    const first = renderQuery();
    const second = renderQuery();
    await waitFor(() => expect(first.result.current.isSuccess && second.result.current.isSuccess).toBe(true));
    expect(requests).toBe(1);
    expect(unavailableNotices()).toHaveLength(1);
  });

  it('a failed load fails the query, leaves the list empty (also the persisted one) and shows the same notice', async () => {
    await setPersistenceUser('ben');
    await keepPersistedAnswer('ben', translationResourcesKeys.all, [libre]);
    answer = () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, { status: 500 });
    const { result } = renderQuery();
    await waitFor(() => expect(result.current.isError).toBe(true));
    // What the screen shows (translate-page: no engines after a failed load), and what a new page load finds.
    expect(!result.current.isError && result.current.data).toBe(false);
    expect(keptAnswer(translationResourcesKeys.all)).toBeUndefined();
    expect(unavailableNotices()).toHaveLength(1);
  });

  it("shows the user's persisted engines while the list reloads, then the answer", async () => {
    await setPersistenceUser('carla');
    await keepPersistedAnswer('carla', translationResourcesKeys.all, [libre]);
    let release!: () => void;
    answer = () => new Promise<Response>((resolve) => (release = () => resolve(HttpResponse.json([deepl]))));
    const { result } = renderQuery();
    expect(result.current.data).toEqual([libre]);
    expect(result.current.isPlaceholderData).toBe(true);
    await waitFor(() => expect(requests).toBe(1));
    release();
    await waitFor(() => expect(result.current.data).toEqual([deepl]));
    expect(result.current.isPlaceholderData).toBe(false);
    await waitFor(() => expect(keptAnswer(translationResourcesKeys.all)).toEqual([deepl]));
  });

  it('a load cut short by leaving the screen changes nothing and notifies nobody', async () => {
    await setPersistenceUser('fritz');
    await keepPersistedAnswer('fritz', translationResourcesKeys.all, [libre]);
    answer = () => new Promise<Response>(() => undefined); // never answers
    const { unmount } = renderQuery();
    await waitFor(() => expect(requests).toBe(1));
    unmount();
    await waitFor(() => expect(queryClient.getQueryState(translationResourcesKeys.all)?.fetchStatus).toBe('idle'));
    expect(keptAnswer(translationResourcesKeys.all)).toEqual([libre]);
    expect(unavailableNotices()).toHaveLength(0);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('after a user change (the cache is reset) the new user starts from their own persisted list', async () => {
    await setPersistenceUser('dora');
    const dora = renderQuery();
    await waitFor(() => expect(dora.result.current.data).toEqual([deepl]));
    dora.unmount();

    resetServerState(); // what initPlatform does when the signed-in user changes
    await setPersistenceUser('emil');
    await keepPersistedAnswer('emil', translationResourcesKeys.all, [libre]);
    answer = () => new Promise<Response>(() => undefined);
    const emil = renderQuery();
    expect(emil.result.current.data).toEqual([libre]);
  });
});
