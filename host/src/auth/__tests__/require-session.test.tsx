import { setAuth, type Auth } from '@assistant/platform';
import { MemoryRouter, Route, Routes } from '@assistant/routing';
import { act, render, screen } from '@testing-library/react';
import { checksAgain, RequireSession, requireSession, type GuardedLocation } from '../require-session';
import { createTestNavigator } from '../../app/__tests__/test-navigator';

function fakeAuth(user: unknown, state: { signingOut?: boolean; expiredUnreachable?: boolean; renewsTo?: string } = {}) {
  return {
    getUser: jest.fn().mockResolvedValue(user),
    getAccessToken: jest.fn().mockResolvedValue(state.renewsTo ?? null),
    signIn: jest.fn().mockResolvedValue(undefined),
    isSigningOut: () => state.signingOut ?? false,
    mayRedirectToSignIn: () => !state.signingOut && !state.expiredUnreachable,
    reportMissingToken: jest.fn(),
  } as unknown as Auth & { getUser: jest.Mock; signIn: jest.Mock; reportMissingToken: jest.Mock; getAccessToken: jest.Mock };
}
const at = (url: string): GuardedLocation => {
  const { pathname, search, hash } = new URL(url, 'http://localhost');
  return { pathname, search, hash };
};
const validUser = () => ({ expired: false, expires_at: Math.floor(Date.now() / 1000) + 3600 });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('route guard', () => {
  afterEach(() => setAuth(null));

  it('lets a valid session through', async () => {
    const auth = fakeAuth(validUser());
    setAuth(auth);
    await expect(requireSession(at('/chat'))).resolves.toBeNull();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('saves path, query and hash and sends an anonymous user to sign-in', async () => {
    const auth = fakeAuth(null);
    setAuth(auth);
    const settled = jest.fn();
    void requireSession(at('/collections/company?x=1#part')).then(settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.signIn).toHaveBeenCalledWith({ pathname: '/collections/company', search: '?x=1', hash: '#part' });
    expect(settled).not.toHaveBeenCalled();
  });

  it('treats an expired user as signed out', async () => {
    const auth = fakeAuth({ expired: true, expires_at: 1000 });
    setAuth(auth);
    void requireSession(at('/translate'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/translate' }));
  });

  it('starts no sign-in while the user signs out (the page is leaving for the provider)', async () => {
    const auth = fakeAuth(null, { signingOut: true });
    setAuth(auth);
    const settled = jest.fn();
    void requireSession(at('/chat')).then(settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
  });

  it('stays on the page when the session expired with the provider unreachable (the notice offers sign-in)', async () => {
    const auth = fakeAuth({ expired: true, expires_at: 1000 }, { expiredUnreachable: true });
    setAuth(auth);
    await expect(requireSession(at('/chat'))).resolves.toBeNull();
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(auth.reportMissingToken).toHaveBeenCalled();
  });

  it('renews an expired session that has a refresh token instead of leaving for the provider', async () => {
    const auth = fakeAuth({ expired: true, expires_at: Math.floor(Date.now() / 1000) - 30, refresh_token: 'rt' }, { renewsTo: 'fresh' });
    setAuth(auth);
    await expect(requireSession(at('/chat'))).resolves.toBeNull();
    expect(auth.getAccessToken).toHaveBeenCalled();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('sends the user to sign-in when that renew fails', async () => {
    const auth = fakeAuth({ expired: true, expires_at: Math.floor(Date.now() / 1000) - 30, refresh_token: 'rt' });
    setAuth(auth);
    void requireSession(at('/translate'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/translate' }));
  });
});

describe('the guard around the shell', () => {
  afterEach(() => setAuth(null));

  const { router, Navigator } = createTestNavigator();
  const renderShell = (url: string) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <Navigator />
        <Routes>
          <Route
            path="/*"
            element={
              <RequireSession>
                <p>the shell</p>
              </RequireSession>
            }
          />
        </Routes>
      </MemoryRouter>,
    );

  it('renders nothing of the shell before the session is checked, then the shell', async () => {
    let answer: (user: unknown) => void = () => undefined;
    const auth = fakeAuth(null);
    auth.getUser.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    setAuth(auth);
    const { container } = renderShell('/chat');
    await settle();
    expect(container).toBeEmptyDOMElement();
    await act(async () => answer(validUser()));
    expect(screen.getByText('the shell')).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('sends an anonymous user to sign-in with the location entered (path, query, hash) and renders nothing', async () => {
    const auth = fakeAuth(null);
    setAuth(auth);
    const { container } = renderShell('/collections/company?x=1#part');
    await settle();
    expect(auth.signIn).toHaveBeenCalledWith({ pathname: '/collections/company', search: '?x=1', hash: '#part' });
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing and starts no sign-in while the user signs out', async () => {
    const auth = fakeAuth(null, { signingOut: true });
    setAuth(auth);
    const { container } = renderShell('/chat');
    await settle();
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the shell when the provider is unreachable (no redirect; the notice offers sign-in)', async () => {
    const auth = fakeAuth({ expired: true, expires_at: 1000 }, { expiredUnreachable: true });
    setAuth(auth);
    renderShell('/chat');
    await settle();
    expect(screen.getByText('the shell')).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(auth.reportMissingToken).toHaveBeenCalled();
  });

  it('checks again when the query changes (as the loader did), keeping the shell on screen; not for a new path', async () => {
    const auth = fakeAuth(validUser());
    setAuth(auth);
    renderShell('/chat');
    await settle();
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    act(() => router.go('/chat/42'));
    await settle();
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    auth.getUser.mockResolvedValue(null);
    act(() => router.go('/chat/42?agent=7'));
    await settle();
    expect(auth.getUser).toHaveBeenCalledTimes(2);
    expect(auth.signIn).toHaveBeenCalledWith({ pathname: '/chat/42', search: '?agent=7', hash: '' });
    expect(screen.getByText('the shell')).toBeInTheDocument();
  });
});

describe('which navigations check the session again', () => {
  const loc = (url: string, key: string) => ({ ...at(url), key });
  it('a changed query, or the same path and query entered again without a fragment', () => {
    expect(checksAgain(loc('/chat', 'a'), loc('/chat?agent=1', 'b'))).toBe(true);
    expect(checksAgain(loc('/chat', 'a'), loc('/chat', 'b'))).toBe(true);
    expect(checksAgain(loc('/chat#x', 'a'), loc('/chat', 'b'))).toBe(true);
  });
  it('not a new path alone, a fragment, or the same entry', () => {
    expect(checksAgain(loc('/chat', 'a'), loc('/translate', 'b'))).toBe(false);
    expect(checksAgain(loc('/chat', 'a'), loc('/chat#part', 'b'))).toBe(false);
    const same = loc('/chat', 'a');
    expect(checksAgain(same, same)).toBe(false);
    expect(checksAgain(loc('/chat', 'a'), loc('/chat', 'a'))).toBe(false);
  });
});
