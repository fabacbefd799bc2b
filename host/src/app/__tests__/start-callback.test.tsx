import { saveRedirectInfo, setAuth, type Auth } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { callbackAuth, refuseCallback } from '../../auth/__tests__/callback-auth';
import { addShellTexts } from '../shell-i18n';
import { completeStartCallback } from '../start-callback';

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

const show = (page: ReactElement) => void renderWithProviders(page, { language: 'en' });

describe('start-up on /callback (before the router exists)', () => {
  it('shows the expired-link page for an unknown state, not "the portal could not start", and signs in again', async () => {
    const made = callbackAuth();
    auth = made.auth;
    saveRedirectInfo({ pathname: '/translate', search: '', hash: '' });
    window.history.replaceState(null, '', '/callback?code=x&state=unknown');

    expect(await completeStartCallback(made.auth, show)).toBe(false); // start-up stops here

    expect(screen.getByRole('heading', { level: 1, name: 'This sign-in link has expired' })).toBeInTheDocument();
    expect(screen.queryByText('The portal could not start')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(made.signIn).toHaveBeenCalledWith({ pathname: '/translate', search: '', hash: '' });
  });

  it('shows a failed sign-in with a retry for another callback error', async () => {
    const made = callbackAuth();
    auth = made.auth;
    refuseCallback(made.auth);
    window.history.replaceState(null, '', '/callback?error=access_denied&state=known');

    expect(await completeStartCallback(made.auth, show)).toBe(false);

    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed');
    expect(screen.queryByText('This sign-in link has expired')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(made.signIn).toHaveBeenCalledWith({ pathname: '/', search: '', hash: '' });
  });

  it('puts the saved location in the address bar and goes on when the callback completes', async () => {
    const made = callbackAuth();
    auth = made.auth;
    saveRedirectInfo({ pathname: '/collections/company', search: '?x=1', hash: '#part' });
    window.history.replaceState(null, '', '/callback'); // no state: nothing to exchange
    const shown = jest.fn();

    expect(await completeStartCallback(made.auth, shown)).toBe(true);

    expect(shown).not.toHaveBeenCalled();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/collections/company?x=1#part');
  });
});
