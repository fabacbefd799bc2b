import type { Locale } from '@assistant/contracts';
import type { i18n as I18n } from 'i18next';

/** The interface language of an i18next instance as the platform's Locale (German unless English). */
export function interfaceLocale(i18n: Pick<I18n, 'language' | 'resolvedLanguage'>): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language ?? '';
  return language.startsWith('en') ? 'en' : 'de';
}
