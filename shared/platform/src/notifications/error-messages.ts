import type { Locale } from '@assistant/contracts';
import { formatDayIn } from '../dates/day-format';
import { budgetResetsAt } from '../http/errors';

/**
 * The error-message map of SPEC section 8, in German and English. An error is looked up by its
 * message key (`messageKey` of the platform's errors, otherwise its `message`); an unknown key
 * gives the `default` entry. Remotes add their keys with registerErrorMessages().
 *
 * An error may also give values for its text (`messageValues`, such as a 429's seconds until it
 * may be tried again as `count`). As in i18next (the map is also the `ERRORS` namespace), a text
 * with a `count` has plural forms `<key>_one` and `<key>_other` and says `{{count}}`; without a
 * count, the plain `<key>` is used. `{{name, day}}` writes an ISO date-time value as a day in the
 * text's language ("1 December 2026"; the UTC day, when budgets reset).
 */
export type ErrorMessageMap = Record<Locale, Record<string, string> & { default: string }>;

const builtIn: ErrorMessageMap = {
  de: {
    default: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    'request-failed': 'Die Anfrage ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    'request-timeout': 'Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.',
    'request-aborted': 'Die Anfrage wurde abgebrochen.',
    network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
    'response-invalid': 'Der Server hat eine unerwartete Antwort gesendet.',
    'not-authenticated': 'Ihre Sitzung ist abgelaufen. Sie werden zur Anmeldung weitergeleitet.',
    unauthorized: 'Ihre Anmeldung wurde nicht akzeptiert. Bitte melden Sie sich erneut an.',
    forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
    'not-found': 'Der angeforderte Inhalt wurde nicht gefunden.',
    'payload-too-large': 'Die Datei oder Eingabe ist zu groß.',
    'rate-limited': 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
    'rate-limited_one': 'Zu viele Anfragen. Bitte versuchen Sie es in {{count}} Sekunde erneut.',
    'rate-limited_other': 'Zu viele Anfragen. Bitte versuchen Sie es in {{count}} Sekunden erneut.',
    'server-error': 'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    'budget-exhausted': 'Ihr monatliches Budget ist aufgebraucht. Ab dem {{resetsAt, day}} steht es wieder zur Verfügung.',
  },
  en: {
    default: 'Something went wrong. Please try again.',
    'request-failed': 'The request failed. Please try again.',
    'request-timeout': 'The server did not answer in time. Please try again.',
    'request-aborted': 'The request was cancelled.',
    network: 'The server cannot be reached. Please check your connection.',
    'response-invalid': 'The server sent an unexpected answer.',
    'not-authenticated': 'Your session has ended. You are being taken to sign-in.',
    unauthorized: 'Your sign-in was not accepted. Please sign in again.',
    forbidden: 'You are not allowed to do this.',
    'not-found': 'The requested content was not found.',
    'payload-too-large': 'The file or input is too large.',
    'rate-limited': 'Too many requests. Please wait a moment.',
    'rate-limited_one': 'Too many requests. Please try again in {{count}} second.',
    'rate-limited_other': 'Too many requests. Please try again in {{count}} seconds.',
    'server-error': 'The server had a problem. Please try again later.',
    'budget-exhausted': 'Your monthly budget is used up. It resets on {{resetsAt, day}}.',
  },
};

const extra: Record<Locale, Record<string, string>> = { de: {}, en: {} };

/** Adds keys to the map (both languages); an existing key is replaced. */
export function registerErrorMessages(messages: Record<Locale, Record<string, string>>): void {
  Object.assign(extra.de, messages.de);
  Object.assign(extra.en, messages.en);
}

export const errorMessages: Readonly<ErrorMessageMap> = builtIn;

/** The key an error is looked up by. */
export function errorMessageKey(error: unknown): string | undefined {
  if (error instanceof Error) {
    const key = (error as { messageKey?: unknown }).messageKey;
    return typeof key === 'string' && key ? key : error.message;
  }
  return typeof error === 'string' ? error : undefined;
}

/** The values an error gives for its text (`messageValues`), if any. */
export function errorMessageValues(error: unknown): MessageValues | undefined {
  if (!(error instanceof Error)) return undefined;
  const values = (error as { messageValues?: unknown }).messageValues;
  return values !== null && typeof values === 'object' ? (values as MessageValues) : undefined;
}

export type MessageValues = Record<string, string | number>;

/**
 * The user-facing text for a key in a language, with `values` filled in (a `count` picks the
 * plural form, see above); the `default` entry when the key is unknown.
 */
export function errorMessageFor(key: string | undefined, language: Locale, values?: MessageValues): string {
  if (key === undefined) return builtIn[language].default;
  const count = values?.count;
  const forms = typeof count === 'number' ? [`${key}_${new Intl.PluralRules(language).select(count)}`, `${key}_other`] : [];
  for (const candidate of [...forms, key]) {
    const text = lookup(candidate, language);
    if (text !== undefined) return interpolate(text, values, language);
  }
  return builtIn[language].default;
}

/**
 * "Your monthly budget is used up. It resets on 1 December 2026.": the text of a refusal over
 * budget, for a stream's `budget_exhausted` error event (which carries no date) and wherever the
 * date is known apart from an ApiRequestError.
 */
export function budgetExhaustedMessage(language: Locale, resetsAt?: string): string {
  return errorMessageFor('budget-exhausted', language, { resetsAt: budgetResetsAt(resetsAt) });
}

/** The user-facing text of an error: its key and its values (the one path notifyError takes too). */
export function errorMessageText(error: unknown, language: Locale): string {
  return errorMessageFor(errorMessageKey(error), language, errorMessageValues(error));
}

function lookup(key: string, language: Locale): string | undefined {
  if (Object.hasOwn(extra[language], key)) return extra[language][key];
  if (Object.hasOwn(builtIn[language], key)) return builtIn[language][key];
  return undefined;
}

function interpolate(text: string, values: MessageValues | undefined, language: Locale): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(day)\s*)?\}\}/g, (whole, name: string, format: string | undefined) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name]!;
    return format === 'day' ? formatDayIn(value, language, 'UTC') : String(value);
  });
}
