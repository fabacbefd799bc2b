import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { defaultConfig } from '@assistant/contracts';
import { createAuth } from '../auth/auth';
import { REDIRECT_INFO_KEY } from '../auth/redirect-info';
import { apiClients } from '../http/api-clients';
import { ApiRequestError } from '../http/errors';
import { initPlatform, type Platform } from '../platform';
import { usePermissionsStore } from '../permissions/permissions-store';
import { useConfigStore } from '../stores/config-store';
import { persistenceUser } from '../stores/per-user-persistence';
import { queryClient } from '../server-state/query-client';
import { AUTHORITY, CLIENT_ID, ORIGIN, idpHandlers, metadata, storeUser, type IdpLog } from '../auth/__tests__/fake-idp';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let platform: Platform | null = null;
async function start() {
  const auth = createAuth({ authority: AUTHORITY, clientId: CLIENT_ID, origin: ORIGIN, settings: { metadata: metadata() } });
  platform = initPlatform({ auth });
  await auth.loadUserManager(); // these tests reach into the UserManager
  return platform;
}

beforeEach(() => {
  const log: IdpLog = { token: [], revocation: [] };
  server.use(...idpHandlers(log));
});
afterEach(() => {
  platform?.auth.dispose();
  platform?.dispose();
  platform = null;
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  jest.restoreAllMocks();
});

const ok = z.object({ ok: z.boolean() });

describe('initPlatform', () => {
  it('an invalid session before a call starts the sign-in with the current location saved', async () => {
    storeUser({ expiresAt: 500, refreshToken: null });
    const { auth } = await start();
    const redirect = jest.spyOn(auth.userManager, 'signinRedirect').mockResolvedValue();
    let sent = 0;
    server.use(http.get('http://localhost/api/feature-flags', () => (sent++, HttpResponse.json({}))));
    await expect(apiClients().api.get('feature-flags', ok)).rejects.toThrow('No token available. Redirecting to login.');
    expect(sent).toBe(0);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(REDIRECT_INFO_KEY)!)).toEqual({ pathname: '/', search: '', hash: '' });
  });

  it('sends the user access token and takes the timeout from the config store at call time', async () => {
    storeUser({ accessToken: 'at-live' });
    await start();
    const seen: string[] = [];
    server.use(
      http.get('http://localhost/api/slow', async ({ request }) => {
        seen.push(request.headers.get('authorization')!);
        await delay(1000);
        return HttpResponse.json({ ok: true });
      }),
    );
    useConfigStore.setState({ config: { ...defaultConfig(false), requestTimeoutInSeconds: 0.05 } });
    const error = await apiClients().api.get('slow', ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as Error).message).toMatch(/timeout of 50ms exceeded/);
    expect(seen).toEqual(['Bearer at-live']);
    useConfigStore.setState({ config: defaultConfig(false) });
  });

  it('per-user state and the permission cache follow the signed-in user', async () => {
    storeUser({ sub: 'anna' });
    const { auth } = await start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(persistenceUser()).toBe('anna');
    usePermissionsStore.setState({ status: 'loaded', granted: new Set(['AdministrateAssistant']) });

    const ben = storeUser({ sub: 'ben' });
    await (auth.userManager.events as unknown as { load(user: unknown): Promise<void> }).load(ben);
    expect(persistenceUser()).toBe('ben');
    expect(usePermissionsStore.getState().status).toBe('idle');

    await auth.userManager.removeUser();
    expect(persistenceUser()).toBeNull();
  });

  it("forgets the cached server data when the user changes or signs out, so nobody sees another's answers", async () => {
    storeUser({ sub: 'anna' });
    const { auth } = await start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    queryClient.setQueryData(['conversations', 'list'], ['anna-only']);

    const ben = storeUser({ sub: 'ben' });
    await (auth.userManager.events as unknown as { load(user: unknown): Promise<void> }).load(ben);
    expect(queryClient.getQueryData(['conversations', 'list'])).toBeUndefined();

    queryClient.setQueryData(['conversations', 'list'], ['ben-only']);
    await (auth.userManager.events as unknown as { load(user: unknown): Promise<void> }).load(ben);
    expect(queryClient.getQueryData(['conversations', 'list'])).toEqual(['ben-only']);

    await auth.userManager.removeUser();
    expect(queryClient.getQueryData(['conversations', 'list'])).toBeUndefined();
  });
});
