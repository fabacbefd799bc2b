import type { QaResourcesResponse } from '@assistant/contracts';
import { queryClient, resetServerState, setPersistenceUser, useQuery } from '@assistant/platform';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { qaResourceKeys, qaResourcesQuery, shownResources, useLanguageModelsQuery } from '../qa-resources';
import { notificationKeys, resetEndpointsState, wrapper } from './endpoints-kit';

const handbook = { id: 'c1', name: 'Handbuch', type: 'company' };
const notes = { id: 'c2', name: 'Notizen', type: 'personal' };
const mistral = { id: 'mistral', name: 'Mistral', type: 'llm' };
const RESOURCES: QaResourcesResponse = { collections: [handbook], language_models: [mistral] };

let calls = 0;
let answer: () => Response | Promise<Response> = () => HttpResponse.json(RESOURCES);
const server = setupServer(
  http.get('*/api/qa/resources', () => {
    calls += 1;
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetEndpointsState();
  calls = 0;
  answer = () => HttpResponse.json(RESOURCES);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const failing = () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'down' }, { status: 500 });
const renderQaScreen = () => renderHook(() => useQuery(qaResourcesQuery()), { wrapper });
const renderModelChoice = () => renderHook(() => useLanguageModelsQuery(), { wrapper });

describe('the QA resources (one definition for the QA screen, the chat and the agent form)', () => {
  it('loads collections and models once under one key; the model choices read the same answer', async () => {
    const qa = renderQaScreen();
    const models = renderModelChoice();
    await waitFor(() => expect(qa.result.current.data).toEqual(RESOURCES));
    await waitFor(() => expect(models.result.current.data).toEqual([mistral]));
    expect(calls).toBe(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: qaResourceKeys.all })).toHaveLength(1);
    expect(notificationKeys()).toEqual([]);
  });

  it('a failure shows QA_NOTIFICATIONS.load-collections-failed once, fails the query and shows no lists, also over an earlier answer', async () => {
    const qa = renderQaScreen();
    renderModelChoice();
    await waitFor(() => expect(qa.result.current.isSuccess).toBe(true));
    answer = failing;
    await act(async () => {
      await qa.result.current.refetch();
    });
    expect(qa.result.current.isError).toBe(true);
    expect(calls).toBe(2);
    expect(notificationKeys()).toEqual(['error: QA_NOTIFICATIONS.load-collections-failed']);
    // Cleared and marked unavailable (SPEC section 4), although the cache still holds the earlier answer.
    expect(qa.result.current.data).toEqual(RESOURCES);
    expect(shownResources(qa.result.current)).toBeUndefined();

    answer = () => HttpResponse.json(RESOURCES);
    await act(async () => {
      await qa.result.current.refetch();
    });
    expect(shownResources(qa.result.current)).toEqual(RESOURCES);
  });

  it('a load cut short (the screen was left) notifies nobody', async () => {
    answer = async () => {
      await delay('infinite');
      return HttpResponse.json(RESOURCES);
    };
    const qa = renderQaScreen();
    await waitFor(() => expect(calls).toBe(1));
    qa.unmount();
    await waitFor(() => expect(queryClient.getQueryState(qaResourceKeys.all)?.fetchStatus).toBe('idle'));
    expect(notificationKeys()).toEqual([]);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it("is persisted per user: the user's last lists show at once on the next page load and are asked again", async () => {
    await setPersistenceUser('anna');
    const first = renderQaScreen();
    await waitFor(() => expect(first.result.current.data).toEqual(RESOURCES));
    await waitFor(() => expect(Object.keys(localStorage)).toEqual(['assistant.query-["qa-resources"].anna']));
    first.unmount();
    resetServerState(); // a new page load

    let release!: () => void;
    answer = () => new Promise<Response>((resolve) => (release = () => resolve(HttpResponse.json({ collections: [handbook, notes], language_models: [mistral] }))));
    const models = renderModelChoice();
    await waitFor(() => expect(models.result.current.data).toEqual([mistral]));
    const qa = renderQaScreen();
    await waitFor(() => expect(qa.result.current.data).toEqual(RESOURCES));
    await waitFor(() => expect(calls).toBe(2));
    release();
    await waitFor(() => expect(qa.result.current.data?.collections).toEqual([handbook, notes]));

    // Another user never sees Anna's lists.
    qa.unmount();
    models.unmount();
    resetServerState();
    await setPersistenceUser('ben');
    answer = () => new Promise<Response>(() => undefined);
    const bens = renderQaScreen();
    await waitFor(() => expect(calls).toBe(3));
    expect(bens.result.current.data).toBeUndefined();
  });
});
