import { REDIRECT_INFO_KEY, saveRedirectInfo, setAuth, type Auth } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@assistant/routing';
import { addShellTexts } from '../../app/shell-i18n';
import { CallbackPage, OAuthCallbackPage } from '../callback-page';
import { callbackAuth, refuseCallback } from './callback-auth';

let auth: Auth | null = null;
beforeAll(() => addShellTexts());
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  auth?.dispose();
  auth = null;
  setAuth(null);
  sessionStorage.clear();
  localStorage.clear();
  jest.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** The in-router /callback, reached with `url` in the address bar. */
function openCallback(url: string, language: 'de' | 'en' = 'en') {
  window.history.replaceState(null, '', url);
  return renderWithProviders(
    <Routes>
      <Route path="/callback" element={<CallbackPage />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route: url, language },
  );
}

describe('CallbackPage', () => {
  it('says calmly that a link with an unknown state has expired, and signs in again to the saved location', async () => {
    const made = callbackAuth();
    auth = made.auth;
    saveRedirectInfo({ pathname: '/collections/company', search: '?x=1', hash: '#part' });
    openCallback('/callback?code=x&state=unknown');

    const heading = await screen.findByRole('heading', { level: 1, name: 'This sign-in link has expired' });
    expect(heading).toBeInTheDocument();
    expect(screen.getByText(/already used/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // nothing went wrong, nothing to alarm
    expect(screen.queryByText('Sign-in failed')).not.toBeInTheDocument();

    const again = screen.getByRole('button', { name: 'Sign in again' });
    again.focus();
    expect(again).toHaveFocus();
    await userEvent.click(again);
    expect(made.signIn).toHaveBeenCalledWith({ pathname: '/collections/company', search: '?x=1', hash: '#part' });
  });

  it('signs in again to the root when no location was saved, in German too', async () => {
    const made = callbackAuth();
    auth = made.auth;
    openCallback('/callback?code=x&state=unknown', 'de');
    await screen.findByRole('heading', { level: 1, name: 'Dieser Anmeldelink ist abgelaufen' });
    await userEvent.click(screen.getByRole('button', { name: 'Erneut anmelden' }));
    expect(made.signIn).toHaveBeenCalledWith({ pathname: '/', search: '', hash: '' });
    expect(sessionStorage.getItem(REDIRECT_INFO_KEY)).toBeNull();
  });

  it('reports another callback error (the provider refused) as a failed sign-in, with a retry', async () => {
    const made = callbackAuth();
    auth = made.auth;
    refuseCallback(made.auth);
    openCallback('/callback?error=access_denied&state=known');

    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed');
    expect(screen.queryByText('This sign-in link has expired')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(made.signIn).toHaveBeenCalledWith({ pathname: '/', search: '', hash: '' });
  });
});

describe('OAuthCallbackPage (the end of a library sign-in popup)', () => {
  function openOAuthCallback(url: string, language: 'de' | 'en' = 'en') {
    window.history.replaceState(null, '', url);
    return renderWithProviders(<OAuthCallbackPage />, { route: url, language });
  }
  const setOpener = (opener: unknown) => Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  afterEach(() => setOpener(null));

  it('hands code and state to the portal window that opened it (its origin only) and closes', async () => {
    const opener = { postMessage: jest.fn(), location: { origin: window.location.origin } };
    setOpener(opener);
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    openOAuthCallback('/oauth/callback?code=the-code&state=the-state');
    expect(await screen.findByText('Returning to the portal …')).toBeInTheDocument();
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith({ type: 'oauth-callback', params: { code: 'the-code', state: 'the-state' } }, window.location.origin),
    );
    expect(close).toHaveBeenCalled();
  });

  it('says so when no portal window is waiting, in German too', async () => {
    openOAuthCallback('/oauth/callback?code=the-code&state=the-state', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieses Anmeldefenster hat das Portal verloren' })).toBeInTheDocument();
    expect(screen.getByText(/erneut auf der Seite der Sammlungen/)).toBeInTheDocument();
  });
});
