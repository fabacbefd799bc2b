import type { Locale } from '@assistant/contracts';
import { currentLanguage } from '../i18n/i18n';
import { LOCALE_TAGS } from './day-format';

/**
 * Date formats of SPEC section 9 with Intl.DateTimeFormat. English uses the British conventions
 * (day before month, like the spec's "day/month/year"); German uses a 24-hour clock, forced with
 * hourCycle h23 so that no runtime default can turn it into 12 hours.
 */

const SHORT: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const LONG: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
};
const FORMATS = { short: SHORT, long: LONG };

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: keyof typeof FORMATS, language: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${language}|${timeZone ?? ''}`;
  let format = cache.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { ...FORMATS[kind], timeZone };
    if (kind === 'long' && language === 'de') options.hourCycle = 'h23';
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], options);
    cache.set(key, format);
  }
  return format;
}

export interface DateFormatOptions {
  /** Interface language; the current one by default. */
  language?: Locale;
  /** IANA time zone; the browser's by default. */
  timeZone?: string;
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Day, month, year with two-digit day and month: 05.03.2025 (de), 05/03/2025 (en). */
export function formatShortDate(value: DateInput, options: DateFormatOptions = {}): string {
  return formatter('short', options.language ?? currentLanguage(), options.timeZone).format(toDate(value));
}

/** Year, short month, day, weekday, hour, minute: "Mi., 5. März 2025, 14:30" (de). */
export function formatLongDate(value: DateInput, options: DateFormatOptions = {}): string {
  return formatter('long', options.language ?? currentLanguage(), options.timeZone).format(toDate(value));
}
