import { setAuth, type Auth } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addShellTexts } from '../../app/shell-i18n';
import { SignedOutPage } from '../signed-out-page';
import { clearSignedOut, isMarkedSignedOut, markSignedOut } from '../signed-out';

beforeAll(() => addShellTexts());
afterEach(() => {
  setAuth(null);
  sessionStorage.clear();
});

describe('signed-out mark', () => {
  it('is set before the sign-out redirect and cleared again', () => {
    expect(isMarkedSignedOut()).toBe(false);
    markSignedOut();
    expect(isMarkedSignedOut()).toBe(true);
    clearSignedOut();
    expect(isMarkedSignedOut()).toBe(false);
  });
});

describe('SignedOutPage', () => {
  it.each([
    ['en', 'Signed out', 'Sign in again'],
    ['de', 'Abgemeldet', 'Erneut anmelden'],
  ] as const)('says so in %s and signs in again to the root only when asked', async (language, heading, button) => {
    const user = userEvent.setup();
    const signIn = jest.fn(() => new Promise<void>(() => undefined));
    setAuth({ signIn } as unknown as Auth);
    markSignedOut();
    renderWithProviders(<SignedOutPage />, { language });

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toMatch(new RegExp(`^${heading}`));
    expect(signIn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: button }));
    expect(signIn).toHaveBeenCalledWith({ pathname: '/', search: '', hash: '' });
    expect(isMarkedSignedOut()).toBe(false);
  });
});
