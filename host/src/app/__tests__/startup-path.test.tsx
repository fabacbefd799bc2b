// The start-up in few round trips. Values inlined by the portal server are used without
// a request; flags, feature set, config and permissions come in one answer, applied in the
// spec's order; the current route's remote and its page load beside the start-up.
import { FEATURE_SET_LEGACY, defaultConfig, type StartupResponse } from '@assistant/contracts';
import { useConfigStore, useGatingStore, usePermissionsStore, type RemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import { startFederation } from '../../federation';
import { preloadRemoteForPath, remoteForPath, warmLazyComponent } from '../../federation/preload-remote';
import { preloadOnIntent, setPreloadableRemotes } from '../../navigation/preload-on-intent';
import { INLINE_STARTUP_ID, readInlineStartup } from '../inline-startup';
import { loadRuntimeConfig } from '../load-runtime-config';
import { applyStartup, loadStartup } from '../load-startup';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const entry = (name: string, routeBase: string) => ({ name, manifestUrl: `http://localhost:1/${name}/mf-manifest.json`, routeBase });
const answer: StartupResponse = {
  flags: { enableChat: true, enableTranslate: true },
  feature_set: '250700',
  config: { ...defaultConfig(false), requestTimeoutInSeconds: 42 },
  permissions: ['AdministrateAssistant', 'SomethingElse'],
};

describe('inlined start-up values', () => {
  afterEach(() => document.getElementById(INLINE_STARTUP_ID)?.remove());

  it('reads the JSON script tag the portal server puts into the page; none or broken: nothing', () => {
    expect(readInlineStartup()).toEqual({});
    const tag = document.createElement('script');
    tag.type = 'application/json';
    tag.id = INLINE_STARTUP_ID;
    tag.textContent = JSON.stringify({ portalConfig: { oidc: { authority: 'http://localhost:8082', clientId: 'c' } }, registry: { remotes: [] } });
    document.head.append(tag);
    expect(readInlineStartup()).toEqual({ portalConfig: { oidc: { authority: 'http://localhost:8082', clientId: 'c' } }, registry: { remotes: [] } });
    tag.textContent = '{broken';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readInlineStartup()).toEqual({});
    errors.mockRestore();
  });

  it('uses an inlined portal config without a request; an invalid one falls back to the file', async () => {
    const fetchImpl = jest.fn();
    await expect(loadRuntimeConfig(fetchImpl, { oidc: { authority: 'http://localhost:8082', clientId: 'c' } })).resolves.toEqual({
      oidc: { authority: 'http://localhost:8082', clientId: 'c' },
    });
    expect(fetchImpl).not.toHaveBeenCalled();

    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fromFile = jest.fn().mockResolvedValue(new Response(JSON.stringify({ oidc: { authority: 'http://localhost:8082', clientId: 'f' } })));
    await expect(loadRuntimeConfig(fromFile, { oidc: {} })).resolves.toEqual({ oidc: { authority: 'http://localhost:8082', clientId: 'f' } });
    expect(fromFile).toHaveBeenCalledWith('/portal-config.json', expect.anything());
    errors.mockRestore();
  });

  it('uses an inlined registry without a request, entry by entry as the file', async () => {
    const fetch = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const entries = await startFederation({ inline: { remotes: [entry('chat', '/chat'), { name: 'Bad' }] }, fetch });
    expect(entries.map((e) => e.name)).toEqual(['chat']);
    expect(fetch).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });
});

describe('GET /api/startup', () => {
  beforeEach(() => {
    useGatingStore.setState({ flags: {}, featureSet: FEATURE_SET_LEGACY, status: 'idle' });
    usePermissionsStore.setState({ status: 'idle', granted: new Set() });
  });

  it('applies flags, then the feature set, then config and the known permissions', async () => {
    const seen: string[] = [];
    const off = useGatingStore.subscribe((state, previous) => {
      if (state.flags !== previous.flags) seen.push('flags');
      if (state.featureSet !== previous.featureSet) seen.push(`feature set (flags ${state.flags.enableChat ? 'already' : 'not yet'} there)`);
    });
    const granted = await loadStartup(async () => answer);
    off();
    expect(seen).toEqual(['flags', 'feature set (flags already there)']);
    expect(useGatingStore.getState()).toMatchObject({ flags: answer.flags, featureSet: '250700', status: 'loaded' });
    expect(useConfigStore.getState()).toMatchObject({ status: 'loaded', config: { requestTimeoutInSeconds: 42 } });
    expect([...granted]).toEqual(['AdministrateAssistant']);
    expect(usePermissionsStore.getState().status).toBe('loaded');
  });

  it('applyStartup alone (the same answer) gives the same stores', () => {
    applyStartup({ ...answer, permissions: [] });
    expect(useGatingStore.getState().featureSet).toBe('250700');
    expect(usePermissionsStore.getState()).toMatchObject({ status: 'loaded', granted: new Set() });
  });
});

describe('the route remote loads beside the start-up', () => {
  const entries = [entry('usecases', '/usecases'), entry('qa', '/usecases/qa'), entry('translate', '/translate')];

  it('finds the remote of a path by its route base, the longest first', () => {
    expect(remoteForPath(entries, '/translate')?.name).toBe('translate');
    expect(remoteForPath(entries, '/usecases/qa/x')?.name).toBe('qa');
    expect(remoteForPath(entries, '/usecases/summarize')?.name).toBe('usecases');
    expect(remoteForPath(entries, '/translations')).toBeUndefined();
    expect(remoteForPath(entries, '/')).toBeUndefined();
  });

  it('loads the module and starts the matching lazy page, not the others', async () => {
    const page = jest.fn(() => new Promise<{ default: () => null }>(() => undefined));
    const other = jest.fn(() => new Promise<{ default: () => null }>(() => undefined));
    const module: RemoteModule = {
      id: 'translate',
      routes: [{ index: true, Component: lazy(page) }, { path: 'other', Component: lazy(other) }],
      navigation: [],
      i18n: { namespace: 'translate', resources: { de: {}, en: {} } },
    };
    const load = jest.fn(async () => module);
    await preloadRemoteForPath(entries, '/translate', load);
    expect(load).toHaveBeenCalledWith('translate');
    expect(page).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    // React's own initializer remembers the import: a second warm-up does not import again.
    warmLazyComponent(module.routes[0]!.Component);
    expect(page).toHaveBeenCalledTimes(1);
  });

  it("starts the page of the entry's mount: the route table the registry names, not another mount's", async () => {
    const summarize = jest.fn(() => new Promise<{ default: () => null }>(() => undefined));
    const run = jest.fn(() => new Promise<{ default: () => null }>(() => undefined));
    const module: RemoteModule = {
      id: 'usecases',
      routes: [],
      mounts: { summarize: [{ index: true, Component: lazy(summarize) }], 'custom-apps': [{ path: ':appId', Component: lazy(run) }] },
      navigation: [],
      i18n: { namespace: 'usecases', resources: { de: {}, en: {} } },
    };
    const mounted = [{ ...entry('usecases', '/usecases/summarize'), mount: 'summarize' }, { ...entry('usecases', '/usecases'), mount: 'custom-apps' }];
    await preloadRemoteForPath(mounted, '/usecases/summarize', async () => module);
    expect([summarize.mock.calls.length, run.mock.calls.length]).toEqual([1, 0]);
    await preloadRemoteForPath(mounted, '/usecases/4b6f1c8e-2a0d-4e5f-9b1c-3d2e1f0a9b8c', async () => module);
    expect([summarize.mock.calls.length, run.mock.calls.length]).toEqual([1, 1]);
    // A mount the module does not have is the route's error to show, not the preload's.
    await expect(preloadRemoteForPath([{ ...entry('usecases', '/usecases/x'), mount: 'nothing' }], '/usecases/x', async () => module)).resolves.toBeUndefined();
  });

  it('never rejects: a failed load is left to the route boundary; a shell path loads nothing', async () => {
    const load = jest.fn(async () => {
      throw new Error('down');
    });
    await expect(preloadRemoteForPath(entries, '/translate', load)).resolves.toBeUndefined();
    await preloadRemoteForPath(entries, '/accessibility', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hovering or focusing a navigation entry preloads its remote once', () => {
    const preload = jest.fn(async () => undefined);
    setPreloadableRemotes(entries);
    preloadOnIntent('/usecases/qa', preload);
    preloadOnIntent('/usecases/qa', preload);
    expect(preload).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledWith(entries, '/usecases/qa');
  });
});

describe('the navigation remotes load when idle', () => {
  it('loads each other remote behind the entries once (modules only), not the current one or shell pages', async () => {
    const entries = [entry('chat', '/chat'), entry('translate', '/translate'), entry('usecases', '/usecases/summarize'), entry('usecases', '/usecases/generate')];
    setPreloadableRemotes(entries);
    window.history.pushState({}, '', '/translate');
    const load = jest.fn(async (_name: string) => undefined);
    const { preloadNavigationWhenIdle } = await import('../../navigation/preload-on-intent');
    await preloadNavigationWhenIdle(['/', '/chat', '/translate', '/usecases/summarize', '/usecases/generate', '/accessibility'], load, { waitForLoad: false });
    expect(load.mock.calls.map(([name]) => name)).toEqual(['chat', 'usecases']);
    window.history.pushState({}, '', '/');
  });
});
