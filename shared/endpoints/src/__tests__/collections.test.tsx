import type { CollectionSummary } from '@assistant/contracts';
import { queryClient, useQuery } from '@assistant/platform';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { collectionKeys, collectionsQuery, sortCollections, useCollectionsQuery } from '../collections';
import { resetEndpointsState, wrapper } from './endpoints-kit';

let made = 0;
const summary = (name: string, updated_at: string, scope: 'personal' | 'company' = 'personal'): CollectionSummary => ({
  id: `00000000-0000-4000-8000-${String((made += 1)).padStart(12, '0')}`,
  name,
  scope,
  file_count: 0,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at,
  can_manage: scope === 'personal',
});
const older = summary('older', '2024-03-01T00:00:00.000Z');
const newest = summary('newest', '2025-06-01T00:00:00.000Z');
const middle = summary('middle', '2024-09-01T00:00:00.000Z');

let calls = 0;
const server = setupServer(
  http.get('*/api/collections', () => {
    calls += 1;
    // The server's order is not the list's: the definition sorts, whoever asks.
    return HttpResponse.json({ collections: [older, newest, middle] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetEndpointsState();
  calls = 0;
});

describe('the collections list (one definition for the collections page, the agent form and the use cases)', () => {
  it('puts the latest change first (ties keep their order)', () => {
    const twin = summary('twin', newest.updated_at);
    expect(sortCollections([older, newest, twin, middle]).map((c) => c.name)).toEqual(['newest', 'twin', 'middle', 'older']);
  });

  it("is the same list, sorted, in the same cache entry whichever remote's code fetched it first", async () => {
    // The agent form's hook first (`useCollectionsQuery`), then a screen that builds its own query
    // from the options: one cache entry, one fetcher, one shape.
    const agentForm = renderHook(() => useCollectionsQuery('personal'), { wrapper });
    await waitFor(() => expect(agentForm.result.current.data).toBeDefined());
    expect(calls).toBe(1);
    const collectionsPage = renderHook(() => useQuery(collectionsQuery('personal')), { wrapper });
    expect(collectionsPage.result.current.data).toBe(agentForm.result.current.data);
    expect(agentForm.result.current.data!.map((c) => c.name)).toEqual(['newest', 'middle', 'older']);
    expect(queryClient.getQueryData(collectionKeys.list('personal'))).toEqual([newest, middle, older]);
    await waitFor(() => expect(collectionsPage.result.current.isFetching).toBe(false));
    // The second screen refreshed the entry in the background (staleTime 0), through the same fetcher.
    expect(calls).toBe(2);
    expect(collectionsPage.result.current.data).toEqual(agentForm.result.current.data);

    // The other order gives the same list.
    queryClient.clear();
    const first = renderHook(() => useQuery(collectionsQuery('personal')), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual([newest, middle, older]));
    const second = renderHook(() => useCollectionsQuery('personal'), { wrapper });
    expect(second.result.current.data).toEqual([newest, middle, older]);
  });

  it('keeps every key under the resource, so one prefix reaches all of it', () => {
    for (const key of [
      collectionKeys.lists(),
      collectionKeys.list('company'),
      collectionKeys.detail('c'),
      collectionKeys.files('c'),
      collectionKeys.runsPage('c', 1, 20),
      collectionKeys.search('c', 'q'),
    ]) {
      expect(key.slice(0, 1)).toEqual(collectionKeys.all);
    }
    expect(collectionsQuery('company').queryKey).toEqual(collectionKeys.list('company'));
  });
});
