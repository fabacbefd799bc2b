import type { Locale } from '@assistant/contracts';

/**
 * The locales of the date formats (SPEC section 9): English with the British conventions (day
 * before month), German. Apart from format-date.ts, which reads the interface language, so that
 * the i18n instance and the error-message map can format days without an import cycle.
 */
export const LOCALE_TAGS: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

const days = new Map<string, Intl.DateTimeFormat>();

/** Day, month in words, year in `language`: "1. Dezember 2026" (de), "1 December 2026" (en). */
export function formatDayIn(value: Date | string | number, language: Locale, timeZone?: string): string {
  const key = `${language}|${timeZone ?? ''}`;
  let format = days.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone });
    days.set(key, format);
  }
  return format.format(value instanceof Date ? value : new Date(value));
}
