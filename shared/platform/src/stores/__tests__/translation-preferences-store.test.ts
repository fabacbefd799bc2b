import { persistKey, setPersistenceUser } from '../per-user-persistence';
import { initialTranslationPreferences, useTranslationPreferencesStore } from '../translation-preferences-store';

const state = () => {
  const { engineId, sourceLanguage, targetLanguage, formality } = useTranslationPreferencesStore.getState();
  return { engineId, sourceLanguage, targetLanguage, formality };
};

beforeEach(async () => {
  await setPersistenceUser(null);
  localStorage.clear();
});

describe('translation preferences store', () => {
  it('starts with nothing chosen and replaces only the given fields', () => {
    expect(state()).toEqual(initialTranslationPreferences);
    useTranslationPreferencesStore.getState().setPreferences({ engineId: 'deepl', targetLanguage: 'en-GB' });
    useTranslationPreferencesStore.getState().setPreferences({ sourceLanguage: 'de' });
    expect(state()).toEqual({ engineId: 'deepl', sourceLanguage: 'de', targetLanguage: 'en-GB', formality: null });
  });

  it('keeps each user their own choices under assistant.translation-preferences.<sub>', async () => {
    await setPersistenceUser('anna');
    useTranslationPreferencesStore.getState().setPreferences({ engineId: 'deepl', sourceLanguage: 'auto', targetLanguage: 'fr', formality: 'more' });
    expect(persistKey('translation-preferences', 'anna')).toBe('assistant.translation-preferences.anna');
    expect(JSON.parse(localStorage.getItem('assistant.translation-preferences.anna')!).state).toEqual({
      engineId: 'deepl',
      sourceLanguage: 'auto',
      targetLanguage: 'fr',
      formality: 'more',
    });

    await setPersistenceUser('ben');
    expect(state()).toEqual(initialTranslationPreferences);
    useTranslationPreferencesStore.getState().setPreferences({ engineId: 'libre', targetLanguage: 'de' });

    await setPersistenceUser('anna');
    expect(state()).toEqual({ engineId: 'deepl', sourceLanguage: 'auto', targetLanguage: 'fr', formality: 'more' });
    expect(JSON.parse(localStorage.getItem('assistant.translation-preferences.ben')!).state).toMatchObject({ engineId: 'libre' });
  });

  it('reads stored junk as unset instead of trusting it', async () => {
    localStorage.setItem(
      'assistant.translation-preferences.carla',
      JSON.stringify({ state: { engineId: 42, sourceLanguage: 'de', targetLanguage: '', formality: 'very' }, version: 0 }),
    );
    await setPersistenceUser('carla');
    expect(state()).toEqual({ engineId: null, sourceLanguage: 'de', targetLanguage: null, formality: null });
  });

  it('writes nothing without a signed-in user', () => {
    useTranslationPreferencesStore.getState().setPreferences({ engineId: 'deepl' });
    expect(localStorage.length).toBe(0);
  });
});
