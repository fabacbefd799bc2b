/**
 * The sign-in popup of a connector's OAuth flow (a document library's Microsoft 365 sign-in):
 * the portal opens a popup, sends it to the provider, and the provider sends it back to the
 * portal's /oauth/callback. That page hands the answer (`code` and `state`, or `error`) to the
 * window that opened it with postMessage, addressed to the portal's own origin only, and closes
 * itself. The opener accepts only a message from its popup, from its own origin, naming the state
 * it started; the server checks the state again. docs/document-libraries.md#microsoft-365.
 */

export const OAUTH_CALLBACK_MESSAGE = 'oauth-callback';
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

/** The window name of the popup: a second sign-in reuses the window of the first. */
const POPUP_NAME = 'assistant-oauth';
const POPUP_FEATURES = 'popup,width=520,height=680';
const CLOSED_POLL_MS = 500;

export type OAuthPopupFailure =
  /** The browser refused to open the popup (a popup blocker). */
  | 'popup-blocked'
  /** The user closed the popup before the sign-in finished. */
  | 'closed'
  /** The provider answered an error (the user declined, or the app is not allowed). */
  | 'denied';

export class OAuthPopupError extends Error {
  constructor(
    readonly reason: OAuthPopupFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthPopupError';
  }
}

/** The parts of `window` the popup needs (a test hands in its own). */
export type PopupHost = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener' | 'location'>;

/**
 * Opens the (empty) popup. Call it in the click's handler, before anything is awaited: browsers
 * block popups opened later. Throws OAuthPopupError `popup-blocked` when none opened.
 */
export function openOAuthPopup(host: PopupHost = window): Window {
  const popup = host.open('about:blank', POPUP_NAME, POPUP_FEATURES);
  if (!popup) {
    throw new OAuthPopupError('popup-blocked', 'The browser blocked the sign-in window: allow popups for this portal and try again');
  }
  return popup;
}

/**
 * Waits for the popup's return to /oauth/callback: answers the code, or fails with
 * OAuthPopupError (`denied` with the provider's reason, `closed`), or with the signal's reason.
 */
export function waitForOAuthCallback(popup: Window, state: string, options: { signal?: AbortSignal; host?: PopupHost } = {}): Promise<{ code: string }> {
  const host = options.host ?? window;
  const { signal } = options;
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== host.location.origin) return;
      const data = event.data as { type?: unknown; params?: Record<string, unknown> } | null;
      if (data?.type !== OAUTH_CALLBACK_MESSAGE || !data.params || data.params.state !== state) return;
      const { code, error, error_description: description } = data.params;
      finish();
      if (typeof error === 'string') {
        reject(new OAuthPopupError('denied', typeof description === 'string' && description ? `${error}: ${description}` : error));
      } else if (typeof code === 'string' && code) {
        resolve({ code });
      } else {
        reject(new OAuthPopupError('denied', 'The sign-in returned without a code'));
      }
    };
    // A closed popup sends nothing: look now and then (the popup is on the provider's origin, so
    // only `closed` can be read).
    const poll = setInterval(() => {
      if (!popup.closed) return;
      finish();
      reject(new OAuthPopupError('closed', 'The sign-in window was closed before the sign-in finished'));
    }, CLOSED_POLL_MS);
    const onAbort = () => {
      finish();
      reject(signal!.reason);
    };
    const finish = () => {
      clearInterval(poll);
      host.removeEventListener('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) return onAbort();
    host.addEventListener('message', onMessage);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * On /oauth/callback: hands the page's query to the window that opened it (addressed to this
 * origin only: another opener receives nothing) and closes the popup. Answers false when there is
 * no opener to tell (the page was opened some other way): the page then says so itself.
 */
export function handOAuthCallbackToOpener(page: Pick<Window, 'opener' | 'location' | 'close'> = window): boolean {
  const opener = page.opener as Window | null;
  if (!opener || opener === (page as unknown) || !isSameOrigin(opener, page.location.origin)) return false;
  const params = Object.fromEntries(new URLSearchParams(page.location.search));
  try {
    opener.postMessage({ type: OAUTH_CALLBACK_MESSAGE, params }, page.location.origin);
  } catch {
    return false;
  }
  page.close();
  return true;
}

/** Whether `other` shows a page of `origin` (reading another origin's location throws). */
function isSameOrigin(other: Window, origin: string): boolean {
  try {
    return other.location.origin === origin;
  } catch {
    return false;
  }
}
