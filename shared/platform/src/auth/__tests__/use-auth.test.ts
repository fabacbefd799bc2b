import { setupServer } from 'msw/node';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createAuth, setAuth, type Auth } from '../auth';
import { useAuth } from '../use-auth';
import { AUTHORITY, CLIENT_ID, ORIGIN, idpHandlers, metadata, storeUser } from './fake-idp';

const server = setupServer(...idpHandlers({ token: [], revocation: [] }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let auth: Auth;
beforeEach(async () => {
  auth = createAuth({ authority: AUTHORITY, clientId: CLIENT_ID, origin: ORIGIN, settings: { metadata: metadata() } });
  setAuth(auth);
  await auth.loadUserManager();
});
afterEach(() => {
  auth.dispose();
  setAuth(null);
  localStorage.clear();
});

describe('useAuth', () => {
  it('follows the stored user: signed in, then signed out when the user is removed', async () => {
    storeUser({ sub: 'erika' });
    const { result } = renderHook(() => useAuth());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current.user?.profile.sub).toBe('erika');
    await act(() => auth.userManager.removeUser());
    expect(result.current).toMatchObject({ status: 'signed-out', user: null });
  });

  it('is signed out without a user, and an invalid session counts as signed out', async () => {
    const { result } = renderHook(() => useAuth());
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    storeUser({ expiresAt: 300 });
    const { result: second } = renderHook(() => useAuth());
    await waitFor(() => expect(second.current.status).toBe('signed-out'));
  });
});

describe('useAuth without the platform’s auth', () => {
  it('is signed out at once, with nobody', () => {
    auth.dispose();
    setAuth(null);
    const { result } = renderHook(() => useAuth());
    expect(result.current).toMatchObject({ status: 'signed-out', user: null });
  });
});
