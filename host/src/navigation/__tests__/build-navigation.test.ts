import type { RemoteRegistryEntry } from '@assistant/contracts';
import { buildNavigation, liveNavigation } from '../build-navigation';

const registry: RemoteRegistryEntry[] = [
  { name: 'chat', manifestUrl: '/chat/mf-manifest.json', routeBase: '/chat', featureFlag: 'enableChat', navigation: { labelKey: 'NAVIGATION.chat', icon: 'chat', order: 10 } },
  { name: 'qa', manifestUrl: '/qa/mf-manifest.json', routeBase: '/usecases/qa' },
  { name: 'agents', manifestUrl: '/agents/mf-manifest.json', routeBase: '/agents', feature: 'personalAgents', navigation: { labelKey: 'NAVIGATION.agents', icon: 'agents', order: 20 } },
  { name: 'translate', manifestUrl: '/t/mf-manifest.json', routeBase: '/translate', featureFlag: 'enableTranslate', navigation: { labelKey: 'NAVIGATION.translate', icon: 'translate', order: 30 } },
  { name: 'collections', manifestUrl: '/c/mf-manifest.json', routeBase: '/collections', featureFlag: 'enableCollections', feature: 'collections', navigation: { labelKey: 'NAVIGATION.collections', icon: 'collections', order: 40 } },
  { name: 'summarize', manifestUrl: '/s/mf-manifest.json', routeBase: '/usecases/summarize', featureFlag: 'enableExtensibleSummarize', navigation: { labelKey: 'NAVIGATION.summarize', icon: 'summarize', order: 50 } },
];

const everything = () => true;
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('buildNavigation', () => {
  it('shows every area whose flag and feature are on, in order, with apps first', () => {
    const items = buildNavigation({
      flags: { enableHomepage: true, enableChat: true, enableTranslate: true, enableCollections: true, enableExtensibleSummarize: true },
      isFeatureAvailable: everything,
      remotes: registry,
    });
    expect(ids(items)).toEqual(['apps', 'chat', 'agents', 'translate', 'collections', 'summarize']);
    expect(items[1]).toEqual({ id: 'chat', to: '/chat', labelKey: 'NAVIGATION.chat', icon: 'chat', order: 10 });
  });

  it('gives one remote mounted at several route bases one entry per base, each with its own id and flag', () => {
    const usecases = (routeBase: string, order: number, featureFlag?: 'enableExtensibleGenerate'): RemoteRegistryEntry => ({
      name: 'usecases',
      manifestUrl: '/u/mf-manifest.json',
      routeBase,
      ...(featureFlag ? { featureFlag } : {}),
      navigation: { labelKey: 'NAVIGATION.x', icon: 'apps', order },
    });
    const remotes = [usecases('/usecases/transcribe', 70), usecases('/usecases/generate', 60, 'enableExtensibleGenerate'), usecases('/create-your-own', 80)];
    expect(ids(buildNavigation({ flags: {}, isFeatureAvailable: everything, remotes }))).toEqual(['usecases', 'usecases/create-your-own']);
    expect(ids(buildNavigation({ flags: { enableExtensibleGenerate: true }, isFeatureAvailable: everything, remotes }))).toEqual([
      'usecases/usecases/generate',
      'usecases',
      'usecases/create-your-own',
    ]);
  });

  it('hides an area whose flag is off or absent', () => {
    const items = buildNavigation({ flags: { enableChat: false, enableTranslate: true }, isFeatureAvailable: everything, remotes: registry });
    expect(ids(items)).toEqual(['agents', 'translate']);
  });

  it('hides an area whose feature is not in the feature set, even with its flag on', () => {
    const items = buildNavigation({
      flags: { enableChat: true, enableCollections: true },
      isFeatureAvailable: (feature) => feature !== 'collections' && feature !== 'personalAgents',
      remotes: registry,
    });
    expect(ids(items)).toEqual(['chat']);
  });

  it('shows an entry that requires a capability only when the server says it is available; without capabilities (start-up) it is not checked', () => {
    const transcribe: RemoteRegistryEntry = {
      name: 'usecases',
      manifestUrl: '/u/mf-manifest.json',
      routeBase: '/usecases/transcribe',
      requires: 'transcription',
      navigation: { labelKey: 'NAVIGATION.transcribe', icon: 'transcribe', order: 70 },
    };
    const input = { flags: { enableChat: true }, isFeatureAvailable: everything, remotes: [...registry, transcribe] };
    expect(ids(buildNavigation({ ...input, isCapabilityAvailable: () => false }))).toEqual(['chat', 'agents']);
    expect(ids(buildNavigation({ ...input, isCapabilityAvailable: () => true }))).toEqual(['chat', 'agents', 'usecases']);
    expect(ids(buildNavigation(input))).toEqual(['chat', 'agents', 'usecases']);
  });

  it('never lists a remote without a navigation entry (QA is reached from the apps page)', () => {
    const items = buildNavigation({ flags: { enableHomepage: true }, isFeatureAvailable: everything, remotes: registry });
    expect(ids(items)).not.toContain('qa');
  });
});

describe('liveNavigation', () => {
  const flags = { enableHomepage: true, enableChat: true, enableTranslate: true, enableCollections: true };
  const atStart = buildNavigation({ flags, isFeatureAvailable: everything, remotes: registry });

  it('drops an area switched off after start-up, without a reload', () => {
    const items = liveNavigation(atStart, { flags: { ...flags, enableChat: false }, isFeatureAvailable: (feature) => feature !== 'collections', remotes: registry });
    expect(ids(items)).toEqual(['apps', 'agents', 'translate']);
  });

  it('keeps the right entry when another mount of the same remote leaves (ids do not shift)', () => {
    const usecases = (routeBase: string, order: number, requires?: 'transcription'): RemoteRegistryEntry => ({
      name: 'usecases',
      manifestUrl: '/u/mf-manifest.json',
      routeBase,
      ...(requires ? { requires } : {}),
      navigation: { labelKey: 'NAVIGATION.x', icon: 'apps', order },
    });
    const remotes = [usecases('/usecases/transcribe', 70, 'transcription'), usecases('/create-your-own', 80)];
    const start = buildNavigation({ flags: {}, isFeatureAvailable: everything, remotes });
    const live = liveNavigation(start, { flags: {}, isFeatureAvailable: everything, isCapabilityAvailable: () => false, remotes });
    expect(live.map((item) => item.to)).toEqual(['/create-your-own']);
  });

  it('does not add an area switched on after start-up (its route does not exist yet)', () => {
    const items = liveNavigation(atStart, { flags: { ...flags, enableExtensibleSummarize: true }, isFeatureAvailable: everything, remotes: registry });
    expect(ids(items)).toEqual(ids(atStart));
  });
});
