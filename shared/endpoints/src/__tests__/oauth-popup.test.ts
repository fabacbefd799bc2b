import { handOAuthCallbackToOpener, OAuthPopupError, openOAuthPopup, waitForOAuthCallback, type PopupHost } from '../oauth-popup';

const ORIGIN = 'http://portal.test';

/** A window as the opener sees it: its own events and origin, and `open` that answers `popup`. */
function fakeHost(popup: Window | null) {
  const events = new EventTarget();
  const open = jest.fn(() => popup);
  const host = {
    open,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    location: { origin: ORIGIN },
  } as unknown as PopupHost;
  /** A message as the browser delivers it. */
  const deliver = (data: unknown, from: { source: unknown; origin?: string }) =>
    events.dispatchEvent(Object.assign(new Event('message'), { data, source: from.source, origin: from.origin ?? ORIGIN }));
  return { host, open, deliver };
}

const fakePopup = () => ({ closed: false }) as unknown as Window & { closed: boolean };

describe('the OAuth popup', () => {
  it('says clearly when the browser blocked it', () => {
    const { host } = fakeHost(null);
    expect(() => openOAuthPopup(host)).toThrow(OAuthPopupError);
    try {
      openOAuthPopup(host);
    } catch (error) {
      expect((error as OAuthPopupError).reason).toBe('popup-blocked');
      expect((error as Error).message).toMatch(/allow popups/);
    }
  });

  it('answers the code of its own popup, from its own origin, for its own state; everything else is ignored', async () => {
    const popup = fakePopup();
    const { host, deliver } = fakeHost(popup);
    const result = waitForOAuthCallback(popup, 'state-1', { host });
    const message = (params: object) => ({ type: 'oauth-callback', params });
    deliver(message({ code: 'from-elsewhere', state: 'state-1' }), { source: popup, origin: 'https://attacker.test' });
    deliver(message({ code: 'another-window', state: 'state-1' }), { source: {} });
    deliver(message({ code: 'another-sign-in', state: 'state-2' }), { source: popup });
    deliver({ type: 'something-else', params: { code: 'x', state: 'state-1' } }, { source: popup });
    deliver(message({ code: 'the-code', state: 'state-1' }), { source: popup });
    await expect(result).resolves.toEqual({ code: 'the-code' });
  });

  it("fails with the provider's reason when it refused", async () => {
    const popup = fakePopup();
    const { host, deliver } = fakeHost(popup);
    const result = waitForOAuthCallback(popup, 's', { host });
    deliver({ type: 'oauth-callback', params: { error: 'access_denied', error_description: 'The user declined', state: 's' } }, { source: popup });
    await expect(result).rejects.toMatchObject({ reason: 'denied', message: 'access_denied: The user declined' });
  });

  it('notices a popup closed before it returned', async () => {
    const popup = fakePopup();
    const { host } = fakeHost(popup);
    const result = waitForOAuthCallback(popup, 's', { host });
    popup.closed = true;
    await expect(result).rejects.toMatchObject({ reason: 'closed' });
  });

  it('stops waiting when aborted', async () => {
    const popup = fakePopup();
    const { host } = fakeHost(popup);
    const controller = new AbortController();
    const result = waitForOAuthCallback(popup, 's', { host, signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(result).rejects.toThrow('left the page');
  });
});

describe('/oauth/callback handing the answer to its opener', () => {
  const page = (opener: unknown) => ({ opener, location: { search: '?code=c-1&state=s-1&session_state=x', origin: ORIGIN }, close: jest.fn() });

  it('posts the query to the opener, addressed to its own origin, and closes', () => {
    const opener = { postMessage: jest.fn(), location: { origin: ORIGIN } };
    const callback = page(opener);
    expect(handOAuthCallbackToOpener(callback as never)).toBe(true);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'oauth-callback', params: { code: 'c-1', state: 's-1', session_state: 'x' } }, ORIGIN);
    expect(callback.close).toHaveBeenCalled();
  });

  it('tells no opener of another origin, and none when there is none', () => {
    const foreign = {
      postMessage: jest.fn(),
      get location(): never {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    };
    const callback = page(foreign);
    expect(handOAuthCallbackToOpener(callback as never)).toBe(false);
    expect(foreign.postMessage).not.toHaveBeenCalled();
    expect(callback.close).not.toHaveBeenCalled();
    expect(handOAuthCallbackToOpener(page(null) as never)).toBe(false);
  });
});
