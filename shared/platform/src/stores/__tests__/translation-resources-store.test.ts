import type { MachineTranslation } from '@assistant/contracts';
import { setPersistenceUser } from '../per-user-persistence';
import { useTranslationResourcesStore } from '../translation-resources-store';

const deepl: MachineTranslation = { id: 'deepl', name: 'DeepL', type: 'deepl', languages: { de: ['en'] } };
const libre: MachineTranslation = { id: 'libre', name: 'LibreTranslate', type: 'libretranslate', languages: { en: ['de'] } };

beforeEach(async () => {
  await setPersistenceUser(null);
  localStorage.clear();
  useTranslationResourcesStore.setState({ resources: [] });
});

describe('translation resources store', () => {
  it('keeps the last list per user under assistant.translation-resources.<sub>, and nothing else', async () => {
    await setPersistenceUser('anna');
    useTranslationResourcesStore.getState().setResources([deepl]);
    expect(JSON.parse(localStorage.getItem('assistant.translation-resources.anna')!).state).toEqual({ resources: [deepl] });

    // Ben has no list: he starts empty, nothing of Anna's.
    await setPersistenceUser('ben');
    expect(useTranslationResourcesStore.getState().resources).toEqual([]);
    useTranslationResourcesStore.getState().setResources([libre]);

    await setPersistenceUser('anna');
    expect(useTranslationResourcesStore.getState().resources).toEqual([deepl]);
    await setPersistenceUser('ben');
    expect(useTranslationResourcesStore.getState().resources).toEqual([libre]);
  });

  it('an empty list (after a failed load) is stored as such', async () => {
    await setPersistenceUser('carla');
    useTranslationResourcesStore.getState().setResources([deepl]);
    useTranslationResourcesStore.getState().setResources([]);
    expect(JSON.parse(localStorage.getItem('assistant.translation-resources.carla')!).state).toEqual({ resources: [] });
  });

  it('keeps nothing on disk without a user, and signing out forgets the list in memory', async () => {
    useTranslationResourcesStore.getState().setResources([deepl]);
    expect(localStorage.length).toBe(0);
    await setPersistenceUser('dora');
    useTranslationResourcesStore.getState().setResources([deepl]);
    await setPersistenceUser(null);
    expect(useTranslationResourcesStore.getState().resources).toEqual([]);
  });
});
