import { setAuth, type Auth } from '@assistant/platform';
import type { LoaderFunctionArgs } from '@assistant/routing';
import { requireSession } from '../require-session';

function fakeAuth(user: unknown, state: { signingOut?: boolean; expiredUnreachable?: boolean; renewsTo?: string } = {}) {
  return {
    getUser: jest.fn().mockResolvedValue(user),
    getAccessToken: jest.fn().mockResolvedValue(state.renewsTo ?? null),
    signIn: jest.fn().mockResolvedValue(undefined),
    isSigningOut: () => state.signingOut ?? false,
    mayRedirectToSignIn: () => !state.signingOut && !state.expiredUnreachable,
    reportMissingToken: jest.fn(),
  } as unknown as Auth & { signIn: jest.Mock; reportMissingToken: jest.Mock; getAccessToken: jest.Mock };
}
const args = (url: string) => ({ request: new Request(url), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

describe('route guard', () => {
  afterEach(() => setAuth(null));

  it('lets a valid session through', async () => {
    const auth = fakeAuth({ expired: false, expires_at: Math.floor(Date.now() / 1000) + 3600 });
    setAuth(auth);
    await expect(requireSession(args('http://localhost/chat'))).resolves.toBeNull();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('saves path, query and hash and sends an anonymous user to sign-in', async () => {
    const auth = fakeAuth(null);
    setAuth(auth);
    window.history.pushState(null, '', '/collections/company?x=1#part');
    const settled = jest.fn();
    void requireSession(args('http://localhost/collections/company?x=1')).then(settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.signIn).toHaveBeenCalledWith({ pathname: '/collections/company', search: '?x=1', hash: '#part' });
    expect(settled).not.toHaveBeenCalled();
  });

  it('treats an expired user as signed out', async () => {
    const auth = fakeAuth({ expired: true, expires_at: 1000 });
    setAuth(auth);
    void requireSession(args('http://localhost/translate'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/translate' }));
  });

  it('starts no sign-in while the user signs out (the page is leaving for the provider)', async () => {
    const auth = fakeAuth(null, { signingOut: true });
    setAuth(auth);
    const settled = jest.fn();
    void requireSession(args('http://localhost/chat')).then(settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
  });

  it('stays on the page when the session expired with the provider unreachable (the notice offers sign-in)', async () => {
    const auth = fakeAuth({ expired: true, expires_at: 1000 }, { expiredUnreachable: true });
    setAuth(auth);
    await expect(requireSession(args('http://localhost/chat'))).resolves.toBeNull();
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(auth.reportMissingToken).toHaveBeenCalled();
  });

  it('renews an expired session that has a refresh token instead of leaving for the provider', async () => {
    const auth = fakeAuth({ expired: true, expires_at: Math.floor(Date.now() / 1000) - 30, refresh_token: 'rt' }, { renewsTo: 'fresh' });
    setAuth(auth);
    await expect(requireSession(args('http://localhost/chat'))).resolves.toBeNull();
    expect(auth.getAccessToken).toHaveBeenCalled();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('sends the user to sign-in when that renew fails', async () => {
    const auth = fakeAuth({ expired: true, expires_at: Math.floor(Date.now() / 1000) - 30, refresh_token: 'rt' });
    setAuth(auth);
    void requireSession(args('http://localhost/translate'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/translate' }));
  });
});
