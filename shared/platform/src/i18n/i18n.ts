import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@assistant/contracts';
import { formatDayIn } from '../dates/day-format';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, detectLanguage } from './detect-language';
import { PLATFORM_NAMESPACE, platformResources } from './platform-resources';

/**
 * The one i18next instance of the portal (DESIGN.md section 5). The platform is a federation
 * singleton, so host and remotes share it; each remote adds its namespace with addNamespace().
 */
export const i18n: I18n = i18next.createInstance();

export interface InitI18nOptions {
  /** The browser's languages; navigator.languages by default. */
  languages?: readonly string[];
  /** A fixed language (a user's saved choice); wins over the browser. */
  language?: Locale;
}

/** Initialises the instance once (synchronously, resources are bundled); later calls return it. */
export function initI18n(options: InitI18nOptions = {}): I18n {
  if (i18n.isInitialized) return i18n;
  const lng = options.language ?? detectLanguage(options.languages);
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: [PLATFORM_NAMESPACE],
    defaultNS: PLATFORM_NAMESPACE,
    fallbackNS: PLATFORM_NAMESPACE,
    resources: {
      de: { [PLATFORM_NAMESPACE]: platformResources.de },
      en: { [PLATFORM_NAMESPACE]: platformResources.en },
    },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
  });
  // `{{value, day}}`: an ISO date-time as its UTC day in words ("1 December 2026"), the day budgets
  // reset on; the error-message map words its texts the same way.
  i18n.services.formatter?.add('day', (value: string, language: string | undefined) =>
    formatDayIn(value, language === 'en' ? 'en' : 'de', 'UTC'),
  );
  syncDocumentLanguage(lng);
  i18n.on('languageChanged', syncDocumentLanguage);
  return i18n;
}

/** Adds (or extends) a namespace in both languages, as each remote does at load. */
export function addNamespace(namespace: string, resources: { de: Record<string, unknown>; en: Record<string, unknown> }): void {
  initI18n();
  i18n.addResourceBundle('de', namespace, resources.de, true, true);
  i18n.addResourceBundle('en', namespace, resources.en, true, true);
}

/** The current interface language (de before init). */
export function currentLanguage(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return lng === 'en' ? 'en' : 'de';
}

/** Switches the interface language; null goes back to the browser's language. */
export async function changeLanguage(language: Locale | null): Promise<void> {
  initI18n();
  await i18n.changeLanguage(language ?? detectLanguage());
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'en' ? 'en' : 'de';
}
