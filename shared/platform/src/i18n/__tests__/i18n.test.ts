import { addNamespace, changeLanguage, currentLanguage, i18n, initI18n } from '../i18n';
import { detectLanguage } from '../detect-language';
import { PLATFORM_NAMESPACE, platformResources } from '../platform-resources';

describe('language detection', () => {
  it.each([
    [['en-US', 'en'], 'en'],
    [['en-GB'], 'en'],
    [['de-AT', 'en'], 'de'],
    [['fr-FR', 'fr'], 'de'],
    [['fr', 'en-US'], 'en'],
    [['it', 'de-CH'], 'de'],
    [[], 'de'],
  ])('%j -> %s', (languages, expected) => {
    expect(detectLanguage(languages)).toBe(expected);
  });

  it("reads navigator.languages by default (jsdom's is en-US, en)", () => {
    expect(navigator.languages).toEqual(['en-US', 'en']);
    expect(detectLanguage()).toBe('en');
    const spy = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'fr']);
    expect(detectLanguage()).toBe('de');
    spy.mockRestore();
  });
});

describe('the i18n instance', () => {
  beforeAll(() => initI18n({ languages: ['fr-FR'] }));

  it('starts in German for a French browser and has the platform keys', () => {
    expect(currentLanguage()).toBe('de');
    expect(i18n.t('SNACKBAR.got-it')).toBe(platformResources.de.SNACKBAR['got-it']);
    expect(i18n.t('CONFIG.error')).toBe(platformResources.de.CONFIG.error);
    expect(document.documentElement.lang).toBe('de');
  });

  it('is one instance: a second init changes nothing', () => {
    expect(initI18n({ languages: ['en'] })).toBe(i18n);
    expect(currentLanguage()).toBe('de');
  });

  it('switches to English and back, and follows the browser for null', async () => {
    await changeLanguage('en');
    expect(i18n.t('QA_NOTIFICATIONS.load-collections-failed')).toBe(platformResources.en.QA_NOTIFICATIONS['load-collections-failed']);
    expect(document.documentElement.lang).toBe('en');
    await changeLanguage(null); // jsdom's navigator.languages is en-US, en
    expect(currentLanguage()).toBe('en');
    await changeLanguage('de');
  });

  it('adds a remote namespace in both languages', async () => {
    addNamespace('chat', { de: { title: 'Unterhaltung' }, en: { title: 'Chat' } });
    expect(i18n.t('title', { ns: 'chat' })).toBe('Unterhaltung');
    await changeLanguage('en');
    expect(i18n.t('chat:title')).toBe('Chat');
    expect(i18n.t('TRANSLATION_NOTIFICATIONS.translation-model-unavailable', { ns: PLATFORM_NAMESPACE })).toBe(
      platformResources.en.TRANSLATION_NOTIFICATIONS['translation-model-unavailable'],
    );
    await changeLanguage('de');
  });

  it('has the error-message map in the namespace', async () => {
    expect(i18n.t('ERRORS.default')).toBe(platformResources.de.ERRORS.default);
    await changeLanguage('en');
    expect(i18n.t('ERRORS.request-timeout')).toBe(platformResources.en.ERRORS['request-timeout']);
    await changeLanguage('de');
  });

  it('has the same keys in German and English', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(platformResources.de).sort()).toEqual(keys(platformResources.en).sort());
  });
});
