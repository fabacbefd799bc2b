import type { LibraryConnection } from '@assistant/contracts';
import { type PopupHost } from '../oauth-popup';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { openLibrarySignInPopup } from '../library-sign-in';
import { resetEndpointsState } from './endpoints-kit';

const connection: LibraryConnection = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'microsoft',
  name: 'OneDrive',
  scope: 'personal',
  url: 'https://contoso.sharepoint.com',
  account: 'erika@contoso.example',
  state: 'connected',
  problem: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const requests: Array<{ path: string; body: unknown }> = [];
const server = setupServer(
  http.post('*/api/libraries/microsoft/authorize', async ({ request }) => {
    requests.push({ path: 'authorize', body: await request.json() });
    return HttpResponse.json({ authorize_url: 'https://login.example/authorize?client_id=x', state: 'state-1' });
  }),
  http.post('*/api/libraries/microsoft/complete', async ({ request }) => {
    requests.push({ path: 'complete', body: await request.json() });
    return HttpResponse.json(connection, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetEndpointsState();
  requests.length = 0;
});

/** The opener's window with a popup that the test drives. */
function browser(options: { blocked?: boolean } = {}) {
  const events = new EventTarget();
  const popup: { closed: boolean; location: { href: string }; close: jest.Mock } = {
    closed: false,
    location: { href: 'about:blank' },
    close: jest.fn(() => {
      popup.closed = true;
    }),
  };
  const host = {
    open: jest.fn(() => (options.blocked ? null : popup)),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    location: window.location,
  } as unknown as PopupHost;
  /** The popup back on /oauth/callback, as handOAuthCallbackToOpener tells the opener. */
  const returnWith = (params: Record<string, string>) =>
    events.dispatchEvent(Object.assign(new Event('message'), { data: { type: 'oauth-callback', params }, source: popup, origin: window.location.origin }));
  return { host, popup, returnWith };
}

describe('openLibrarySignInPopup', () => {
  it('opens the popup at once, sends it to the provider, and completes with the code it brings back', async () => {
    const { host, popup, returnWith } = browser();
    const pending = openLibrarySignInPopup({ name: 'OneDrive' }, { host });
    // Opened in the same turn as the click (before any request), or a popup blocker refuses it.
    expect(host.open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(popup.location.href).toBe('https://login.example/authorize?client_id=x'));
    returnWith({ code: 'the-code', state: 'state-1' });
    await expect(pending).resolves.toEqual(connection);
    expect(requests).toEqual([
      { path: 'authorize', body: { name: 'OneDrive', redirect_uri: `${window.location.origin}/oauth/callback` } },
      { path: 'complete', body: { code: 'the-code', state: 'state-1' } },
    ]);
  });

  it('asks nothing of the server when the popup was blocked', async () => {
    const { host } = browser({ blocked: true });
    await expect(openLibrarySignInPopup({ name: 'OneDrive' }, { host })).rejects.toMatchObject({ reason: 'popup-blocked' });
    expect(requests).toEqual([]);
  });

  it('does not complete when the provider refused, and closes the popup', async () => {
    const { host, popup, returnWith } = browser();
    const pending = openLibrarySignInPopup({ name: 'OneDrive', scope: 'company' }, { host });
    await waitFor(() => expect(popup.location.href).not.toBe('about:blank'));
    returnWith({ error: 'access_denied', state: 'state-1' });
    await expect(pending).rejects.toMatchObject({ reason: 'denied' });
    expect(requests.map((request) => request.path)).toEqual(['authorize']);
    expect(popup.close).toHaveBeenCalled();
  });
});

