import type { ShareListResponse, ShareUpdate } from '@assistant/contracts';
import { queryClient } from '@assistant/platform';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { sharedWithMeKeys } from '../shared-with-me';
import { shareKeys } from '../shares';
import { useShareDialog } from '../use-share-dialog';
import { resetEndpointsState, wrapper } from './endpoints-kit';

const at = '2026-01-01T00:00:00.000Z';
const tom = { type: 'user' as const, id: 'tom', name: 'Tom Weber' };
const list: ShareListResponse = {
  shares: [{ target: tom, role: 'view', shared_by: { sub: 'me', name: 'Me' }, created_at: at, updated_at: at }],
  can_share_with_company: true,
};

let saved: ShareUpdate[] = [];
let searches: string[] = [];
let refuse: object | null = null;
const server = setupServer(
  http.get('*/api/shares/agent/a1', () => HttpResponse.json(list)),
  http.put('*/api/shares/agent/a1', async ({ request }) => {
    saved.push((await request.json()) as ShareUpdate);
    return refuse ? HttpResponse.json(refuse, { status: 400 }) : HttpResponse.json(list);
  }),
  http.get('*/api/directory/people', ({ request }) => {
    searches.push(new URL(request.url).searchParams.get('q') ?? '');
    return HttpResponse.json({ people: [{ sub: 'maria', name: 'Maria Schmidt', email: null }] });
  }),
  http.get('*/api/directory/groups', () => HttpResponse.json({ groups: [{ id: 'finance', name: 'Finance', member_count: 2 }] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetEndpointsState();
  saved = [];
  searches = [];
  refuse = null;
});

describe('useShareDialog (the share dialog’s data)', () => {
  it('asks nothing while the dialog is closed, then gives who has access', async () => {
    const { result, rerender } = renderHook(({ enabled }) => useShareDialog('agent', 'a1', { enabled }), { wrapper, initialProps: { enabled: false } });
    expect(result.current.access.status).toBe('loading');
    expect(queryClient.getQueryState(shareKeys.item('agent', 'a1'))?.fetchStatus).not.toBe('fetching');
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.access.status).toBe('ready'));
    expect(result.current.access).toMatchObject({ shares: list.shares, canShareWithCompany: true, includeAttachments: false });
  });

  it('searches the directory once typing pauses', async () => {
    const { result } = renderHook(() => useShareDialog('agent', 'a1'), { wrapper });
    expect(result.current.candidates.status).toBe('idle');
    act(() => result.current.onSearch('m'));
    act(() => result.current.onSearch('ma'));
    act(() => result.current.onSearch('mar'));
    expect(result.current.candidates.status).toBe('loading');
    await waitFor(() => expect(result.current.candidates.status).toBe('ready'));
    expect(result.current.candidates).toMatchObject({ query: 'mar', people: [{ name: 'Maria Schmidt' }], groups: [{ name: 'Finance' }] });
    expect(searches).toEqual(['mar']);
    act(() => result.current.onSearch(''));
    expect(result.current.candidates.status).toBe('idle');
  });

  it('saves the list without names and asks the item’s shares and the shared-with-me list again', async () => {
    queryClient.setQueryData(sharedWithMeKeys.all, { items: [], unseen: 0, last_seen_at: null });
    const { result } = renderHook(() => useShareDialog('agent', 'a1'), { wrapper });
    await waitFor(() => expect(result.current.access.status).toBe('ready'));
    let outcome;
    await act(async () => {
      outcome = await result.current.onSave({
        shares: [
          { target: tom, role: 'edit' },
          { target: { type: 'company' }, role: 'view' },
        ],
        include_attachments: true,
      });
    });
    expect(outcome).toEqual({ done: true });
    // An agent has no attachments to share: the flag is a conversation's only.
    expect(saved).toEqual([{ shares: [{ target: { type: 'user', id: 'tom' }, role: 'edit' }, { target: { type: 'company' }, role: 'view' }] }]);
    expect(queryClient.getQueryState(sharedWithMeKeys.all)?.isInvalidated).toBe(true);
  });

  it("puts the server's field errors at their rows and the rest above the buttons", async () => {
    const { result } = renderHook(() => useShareDialog('agent', 'a1'), { wrapper });
    await waitFor(() => expect(result.current.access.status).toBe('ready'));
    const draft = { shares: [{ target: tom, role: 'view' as const }, { target: { type: 'group' as const, id: 'gone', name: 'Gone' }, role: 'view' as const }], include_attachments: false };

    refuse = { statusCode: 400, error: 'Bad Request', message: 'invalid', code: 'validation_failed', issues: [{ path: ['body', 'shares', 1, 'target', 'id'], message: 'Unknown group' }] };
    await expect(result.current.onSave(draft)).resolves.toEqual({ fieldErrors: { 'group:gone': 'Unknown group' } });

    refuse = { statusCode: 400, error: 'Bad Request', message: 'invalid', issues: [{ path: ['shares'], message: 'Each person or group at most once' }] };
    await expect(result.current.onSave(draft)).resolves.toEqual({ fieldErrors: {}, formError: 'Each person or group at most once' });

    refuse = { statusCode: 403, error: 'Forbidden', message: 'no', code: 'forbidden' };
    server.use(http.put('*/api/shares/agent/a1', () => HttpResponse.json(refuse, { status: 403 }), { once: true }));
    await expect(result.current.onSave(draft)).resolves.toEqual({ fieldErrors: {}, formError: 'Sie haben keine Berechtigung für diese Aktion.' });
  });
});
