import type { FeatureFlags, RemoteRegistryEntry } from '@assistant/contracts';
import { isFeatureAvailable, type FeatureName } from '@assistant/platform';
import { matchRoutes, type RouteObject } from '@assistant/routing';
import { buildRoutes } from '../../../app/routes';
import { isRemoteEnabled } from '../../../navigation/build-navigation';
import { availableApps, customAppsMount, matchesSearch, orderApps, type CatalogueInput } from '../app-catalogue';
import { ALL_FLAGS, COMPANY_APP, PERSONAL_APP, REGISTRY } from './app-fixtures';

/**
 * What the shell does at start (bootstrap.tsx): the entries whose flag and feature are on are
 * routed; here the server also says every capability is available (a transcription model).
 */
function startUp(flags: FeatureFlags, featureSet: string, registry: readonly RemoteRegistryEntry[] = REGISTRY) {
  const available = (feature: FeatureName) => isFeatureAvailable(featureSet, feature);
  const remotes = registry.filter((entry) => isRemoteEnabled(entry, { flags, isFeatureAvailable: available }));
  return { remotes, flags, isFeatureAvailable: available, isCapabilityAvailable: () => true };
}

function input(flags: FeatureFlags, featureSet = 'BETA', extra: Partial<CatalogueInput> = {}): CatalogueInput {
  return { ...startUp(flags, featureSet), createYourOwnEnabled: true, customApps: [], ...extra };
}

const ids = (tiles: readonly { id: string }[]) => tiles.map((tile) => tile.id);

describe('availableApps: one tile per tool whose route exists', () => {
  it('offers every tool in the fixed order when everything is on', () => {
    const tiles = availableApps(input(ALL_FLAGS, 'BETA', { customApps: [COMPANY_APP, PERSONAL_APP] }));
    expect(ids(tiles)).toEqual([
      'chat',
      'qa',
      'translate',
      'easy-language',
      'summarize',
      'generate',
      'transcribe',
      'agents',
      'collections',
      'create-your-own',
      COMPANY_APP.id,
      PERSONAL_APP.id,
    ]);
    expect(tiles.map((tile) => tile.to)).toEqual([
      '/chat',
      '/usecases/qa',
      '/translate',
      '/easy-language',
      '/usecases/summarize',
      '/usecases/generate',
      '/usecases/transcribe',
      '/agents',
      '/collections',
      '/create-your-own',
      `/usecases/${COMPANY_APP.id}`,
      `/usecases/${PERSONAL_APP.id}`,
    ]);
  });

  it('leaves out what the flags switch off: chat, translate, collections, summarize, generate', () => {
    expect(ids(availableApps(input({ enableHomepage: true }, 'BETA')))).toEqual([
      'qa',
      'easy-language',
      'transcribe',
      'agents',
      'create-your-own',
    ]);
    const tiles = ids(availableApps(input({ ...ALL_FLAGS, enableExtensibleGenerate: false, enableChat: false })));
    expect(tiles).not.toContain('generate');
    expect(tiles).not.toContain('chat');
    expect(tiles).toContain('summarize');
  });

  it('leaves out what the feature set does not hold (agents and easy language are BETA, collections 251000)', () => {
    expect(ids(availableApps(input(ALL_FLAGS, '251000')))).toEqual([
      'chat',
      'qa',
      'translate',
      'summarize',
      'generate',
      'transcribe',
      'collections',
      'create-your-own',
    ]);
    expect(ids(availableApps(input(ALL_FLAGS, '250700')))).not.toContain('collections');
  });

  it('shows no tile for a remote the registry does not name, even with its flag on', () => {
    const registry = REGISTRY.filter((entry) => entry.name !== 'usecases' && entry.name !== 'qa');
    const tiles = availableApps({ ...startUp(ALL_FLAGS, 'BETA', registry), createYourOwnEnabled: true, customApps: [PERSONAL_APP] });
    expect(ids(tiles)).toEqual(['chat', 'translate', 'easy-language', 'agents', 'collections']);
  });

  it('needs a transcription model for transcribe (its entry requires it) and create_your_own_enabled for create-your-own', () => {
    const tiles = availableApps(input(ALL_FLAGS, 'BETA', { isCapabilityAvailable: () => false, createYourOwnEnabled: false }));
    expect(ids(tiles)).not.toContain('transcribe');
    expect(ids(tiles)).not.toContain('create-your-own');
    expect(ids(tiles)).toContain('summarize');
    expect(ids(availableApps(input(ALL_FLAGS, 'BETA', { isCapabilityAvailable: (capability) => capability === 'transcription' })))).toContain('transcribe');
  });

  it('drops an area switched off after start-up at once (its route may be gone with the next reload)', () => {
    const atStart = startUp(ALL_FLAGS, 'BETA');
    const tiles = availableApps({
      ...atStart,
      flags: { ...ALL_FLAGS, enableChat: false },
      isFeatureAvailable: (feature) => feature !== 'personalAgents',
      createYourOwnEnabled: true,
      customApps: [],
    });
    expect(ids(tiles)).not.toContain('chat');
    expect(ids(tiles)).not.toContain('agents');
  });

  it('never offers an area switched on after start-up (its route does not exist yet)', () => {
    const atStart = startUp({ ...ALL_FLAGS, enableChat: false }, 'BETA');
    const tiles = availableApps({ ...atStart, flags: ALL_FLAGS, createYourOwnEnabled: true, customApps: [] });
    expect(ids(tiles)).not.toContain('chat');
  });

  it('opens custom apps where the use-case remote is mounted for them, and shows none without such a mount', () => {
    expect(customAppsMount(startUp(ALL_FLAGS, 'BETA'))?.routeBase).toBe('/usecases');
    const elsewhere = REGISTRY.map((entry) => (entry.routeBase === '/usecases' ? { ...entry, routeBase: '/usecases/apps' } : entry));
    const moved = availableApps({ ...startUp(ALL_FLAGS, 'BETA', elsewhere), createYourOwnEnabled: true, customApps: [PERSONAL_APP] });
    expect(moved.at(-1)).toMatchObject({ kind: 'custom', to: `/usecases/apps/${PERSONAL_APP.id}` });
    const none = REGISTRY.filter((entry) => entry.routeBase !== '/usecases');
    expect(customAppsMount(startUp(ALL_FLAGS, 'BETA', none))).toBeUndefined();
    const tiles = availableApps({ ...startUp(ALL_FLAGS, 'BETA', none), createYourOwnEnabled: true, customApps: [PERSONAL_APP] });
    expect(tiles.some((tile) => tile.kind === 'custom')).toBe(false);
  });

  it('opens custom apps only where the registry mounts the custom-apps table, whatever the route base', () => {
    const unnamed = REGISTRY.map((entry) => (entry.routeBase === '/usecases' ? { ...entry, mount: undefined } : entry));
    expect(customAppsMount(startUp(ALL_FLAGS, 'BETA', unnamed))).toBeUndefined();
    const atCreateYourOwn = REGISTRY.filter((entry) => entry.routeBase !== '/usecases').map((entry) =>
      entry.routeBase === '/create-your-own' ? { ...entry, mount: 'custom-apps' } : entry,
    );
    expect(customAppsMount(startUp(ALL_FLAGS, 'BETA', atCreateYourOwn))?.routeBase).toBe('/create-your-own');
  });

  it.each([
    ['everything on', ALL_FLAGS, 'BETA'],
    ['flags off', { enableHomepage: true }, 'BETA'],
    ['release 251000', ALL_FLAGS, '251000'],
    ['legacy', ALL_FLAGS, '1'],
  ])('leads only to routes of the route table (%s): never to the not-found page', (_label, flags, featureSet) => {
    const shell = startUp(flags, featureSet);
    const routes = buildRoutes({ flags, isFeatureAvailable: shell.isFeatureAvailable, remotes: shell.remotes, isAdmin: false });
    const tiles = availableApps({ ...shell, createYourOwnEnabled: true, customApps: [PERSONAL_APP] });
    for (const tile of tiles) {
      const matched = matchRoutes(routes as RouteObject[], tile.to) ?? [];
      expect([tile.to, matched.at(-1)?.route.path]).not.toEqual([tile.to, '*']);
      expect(matched.length).toBeGreaterThan(1);
    }
  });
});

describe('orderApps', () => {
  const tiles = ['chat', 'qa', 'translate', 'agents', PERSONAL_APP.id].map((id) => ({ id }));

  it('keeps the fixed order without settings', () => {
    expect(ids(orderApps(tiles, [], []))).toEqual(['chat', 'qa', 'translate', 'agents', PERSONAL_APP.id]);
  });

  it("puts the customization's default_applications first, in its order; unknown ids are ignored", () => {
    expect(ids(orderApps(tiles, ['translate', 'solitaire', 'agents'], []))).toEqual(['translate', 'agents', 'chat', 'qa', PERSONAL_APP.id]);
  });

  it('puts favourites before everything, in the user’s order, a custom app’s id in any case', () => {
    expect(ids(orderApps(tiles, ['translate', 'agents'], [PERSONAL_APP.id.toUpperCase(), 'qa']))).toEqual([
      PERSONAL_APP.id,
      'qa',
      'translate',
      'agents',
      'chat',
    ]);
  });
});

describe('matchesSearch', () => {
  const texts = ['Übersetzen', 'Texte übersetzen.', 'Translate', 'Translate text.'];

  it('finds by any word of name or description in either language, ignoring case and accents', () => {
    expect(matchesSearch(texts, 'translate')).toBe(true);
    expect(matchesSearch(texts, 'UBERSETZEN')).toBe(true);
    expect(matchesSearch(texts, '  texte   über ')).toBe(true);
    expect(matchesSearch(texts, '')).toBe(true);
  });

  it('needs every word', () => {
    expect(matchesSearch(texts, 'translate chat')).toBe(false);
  });
});
