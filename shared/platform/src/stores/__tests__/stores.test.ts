import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { defaultConfig, type Config } from '@assistant/contracts';
import { createApiClients, setApiClients } from '../../http/api-clients';
import { useNotificationsStore } from '../../notifications/notifications-store';
import { pageReloader, useConfigStore } from '../config-store';
import { persistKey, setPersistenceUser } from '../per-user-persistence';
import { initialWorkspace, useWorkspaceStore } from '../workspace-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  setApiClients(createApiClients({ getToken: () => 't', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  await setPersistenceUser(null);
  localStorage.clear();
  useNotificationsStore.getState().clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

const notifications = () => useNotificationsStore.getState().notifications;

describe('config store', () => {
  it('loads the configuration', async () => {
    const config: Config = { ...defaultConfig(false), requestTimeoutInSeconds: 42 };
    server.use(http.get('http://localhost/api/config', () => HttpResponse.json(config)));
    await useConfigStore.getState().load();
    expect(useConfigStore.getState()).toMatchObject({ status: 'loaded', config: { requestTimeoutInSeconds: 42, hasError: false } });
    expect(notifications()).toHaveLength(0);
  });

  it('a failed load gives the defaults with hasError and a CONFIG.error notification whose action reloads', async () => {
    server.use(http.get('http://localhost/api/config', () => new HttpResponse(null, { status: 502 })));
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    await useConfigStore.getState().load();
    expect(useConfigStore.getState().config).toEqual(defaultConfig(true));
    expect(useConfigStore.getState().status).toBe('failed');
    const [n] = notifications();
    expect(n).toMatchObject({ variant: 'error', message: { key: 'CONFIG.error' }, action: { labelKey: 'CONFIG.refresh-page' } });
    n!.action!.onAction();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an invalid configuration counts as a failed load', async () => {
    server.use(http.get('http://localhost/api/config', () => HttpResponse.json({ ...defaultConfig(false), requestTimeoutInSeconds: -1 })));
    await useConfigStore.getState().load();
    expect(useConfigStore.getState().config.hasError).toBe(true);
  });
});

describe('per-user persistence', () => {
  it('stores each user under assistant.<store>.<sub> and switches with the user', async () => {
    await setPersistenceUser('anna');
    useWorkspaceStore.getState().setSidebarOpen(false);
    useWorkspaceStore.getState().markPrivacyNoticeShown();
    useWorkspaceStore.getState().setDocumentLibrary({ connected: true });
    expect(JSON.parse(localStorage.getItem(persistKey('workspace', 'anna'))!).state).toEqual({
      locale: null,
      theme: 'system',
      sidebarOpen: false,
      privacyNoticeShown: true,
      documentLibrary: { connected: true, promptDismissed: false },
    });
    expect(persistKey('workspace', 'anna')).toBe('assistant.workspace.anna');
    expect(Object.keys(localStorage).sort()).toEqual(['assistant.workspace.anna']);

    // Ben has nothing saved: he starts from the initial state, nothing of Anna's.
    await setPersistenceUser('ben');
    expect(useWorkspaceStore.getState()).toMatchObject(initialWorkspace);
    useWorkspaceStore.getState().toggleSidebar();
    expect(JSON.parse(localStorage.getItem('assistant.workspace.ben')!).state.sidebarOpen).toBe(false);

    // Anna again: her state comes back, Ben's stays his.
    useWorkspaceStore.getState().toggleSidebar();
    await setPersistenceUser('anna');
    expect(useWorkspaceStore.getState()).toMatchObject({ sidebarOpen: false, privacyNoticeShown: true });
    expect(JSON.parse(localStorage.getItem('assistant.workspace.ben')!).state.sidebarOpen).toBe(true);
    expect(JSON.parse(localStorage.getItem('assistant.workspace.anna')!).state.privacyNoticeShown).toBe(true);
  });

  it('keeps nothing on disk without a user, and signing out forgets the state in memory', async () => {
    useWorkspaceStore.getState().markPrivacyNoticeShown();
    expect(localStorage.length).toBe(0);
    await setPersistenceUser('carla');
    useConfigStore.setState({ config: { ...defaultConfig(false), requestTimeoutInSeconds: 7 } });
    expect(JSON.parse(localStorage.getItem('assistant.config.carla')!).state.config.requestTimeoutInSeconds).toBe(7);
    await setPersistenceUser(null);
    expect(useConfigStore.getState().config.requestTimeoutInSeconds).toBe(180);
    expect(useWorkspaceStore.getState().privacyNoticeShown).toBe(false);
  });
});
