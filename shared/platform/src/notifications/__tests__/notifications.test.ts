import { ApiRequestError, NotAuthenticatedError, RequestAbortedError, ResponseValidationError } from '../../http/errors';
import { i18n, initI18n } from '../../i18n/i18n';
import { budgetExhaustedMessage, errorMessageFor, errorMessageText, errorMessages, registerErrorMessages } from '../error-messages';
import { LocalizedError } from '../localized-error';
import {
  DEFAULT_CONFIRM_LABEL_KEY,
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_FALLBACK_DURATION_MS,
  notifyInfo,
  notifySuccess,
  useNotificationsStore,
} from '../notifications-store';
import { notifyError } from '../notify-error';

const state = () => useNotificationsStore.getState();

beforeAll(() => initI18n({ language: 'de' }));
beforeEach(() => {
  jest.useFakeTimers();
  state().clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  await i18n.changeLanguage('de');
});

describe('notification store', () => {
  it('a notification lasts 5000 ms', () => {
    notifySuccess('SNACKBAR.got-it');
    const [n] = state().notifications;
    expect(n).toMatchObject({ variant: 'success', duration: 5000, confirmLabelKey: 'SNACKBAR.got-it' });
    jest.advanceTimersByTime(NOTIFICATION_DURATION_MS - 1);
    expect(state().notifications).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(state().notifications).toHaveLength(0);
  });

  it('has the three variants and the default confirm label SNACKBAR.got-it', () => {
    notifySuccess('a');
    notifyInfo({ message: { text: 'plain text' } });
    state().notify('error', { message: 'c', confirmLabelKey: 'OTHER.ok' });
    expect(state().notifications.map((n) => [n.variant, n.confirmLabelKey])).toEqual([
      ['success', DEFAULT_CONFIRM_LABEL_KEY],
      ['info', DEFAULT_CONFIRM_LABEL_KEY],
      ['error', 'OTHER.ok'],
    ]);
    expect(state().notifications[0]!.message).toEqual({ key: 'a', ns: 'platform' });
    expect(state().notifications[1]!.message).toEqual({ text: 'plain text' });
  });

  it('uses the 20000 ms fallback for a notification with an action and for a broken duration', () => {
    const onAction = jest.fn();
    state().notify('error', { message: 'x', action: { labelKey: 'CONFIG.refresh-page', onAction } });
    state().notify('info', { message: 'y', duration: 0 });
    state().notify('info', { message: 'z', duration: 1200 });
    expect(state().notifications.map((n) => n.duration)).toEqual([NOTIFICATION_FALLBACK_DURATION_MS, 20000, 1200]);
    jest.advanceTimersByTime(1200);
    expect(state().notifications).toHaveLength(2);
    jest.advanceTimersByTime(20000 - 1200);
    expect(state().notifications).toHaveLength(0);
  });

  it('dismiss removes one at once and stops its timer', () => {
    const id = notifyInfo('a');
    notifyInfo('b');
    state().dismiss(id);
    expect(state().notifications.map((n) => n.message)).toEqual([{ key: 'b', ns: 'platform' }]);
  });
});

describe('notifyError and the error-message map', () => {
  it('shows a localized error with its own message', () => {
    notifyError(new LocalizedError('Das Modell ist gerade ausgelastet.'));
    expect(state().notifications[0]).toMatchObject({ variant: 'error', message: { text: 'Das Modell ist gerade ausgelastet.' } });
  });

  it('looks other errors up by message key, in German and in English', async () => {
    notifyError(new ApiRequestError('503 down', { status: 503 }));
    notifyError(new ResponseValidationError('version: bad'));
    notifyError(new NotAuthenticatedError());
    expect(state().notifications.map((n) => n.message)).toEqual([
      { text: errorMessages.de['server-error'] },
      { text: errorMessages.de['response-invalid'] },
      { text: errorMessages.de['not-authenticated'] },
    ]);
    await i18n.changeLanguage('en');
    notifyError(new ApiRequestError('timeout', { timedOut: true }));
    expect(state().notifications[3]!.message).toEqual({ text: errorMessages.en['request-timeout'] });
  });

  it('says when to try again after a 429, in German and in English', async () => {
    const limited = (seconds?: number) => new ApiRequestError('429 Too many model requests', { status: 429, retryAfterSeconds: seconds });
    notifyError(limited(20));
    notifyError(limited(1));
    notifyError(limited());
    expect(state().notifications.map((n) => n.message)).toEqual([
      { text: 'Zu viele Anfragen. Bitte versuchen Sie es in 20 Sekunden erneut.' },
      { text: 'Zu viele Anfragen. Bitte versuchen Sie es in 1 Sekunde erneut.' },
      { text: errorMessages.de['rate-limited'] },
    ]);
    await i18n.changeLanguage('en');
    notifyError(limited(20));
    notifyError(limited(1));
    expect(state().notifications.slice(3).map((n) => n.message)).toEqual([
      { text: 'Too many requests. Please try again in 20 seconds.' },
      { text: 'Too many requests. Please try again in 1 second.' },
    ]);
    expect(errorMessageText(limited(90), 'en')).toBe('Too many requests. Please try again in 90 seconds.');
    expect(errorMessageFor('rate-limited', 'de', { count: 3 })).toBe('Zu viele Anfragen. Bitte versuchen Sie es in 3 Sekunden erneut.');
    expect(i18n.t('ERRORS.rate-limited', { ns: 'platform', count: 20 })).toBe('Too many requests. Please try again in 20 seconds.');
  });

  it('says when a used-up budget starts again, with the day in the interface language', async () => {
    const exhausted = (resetsAt?: string) =>
      new ApiRequestError('429 budget', {
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: 'Monthly budget used up', code: 'budget_exhausted', ...(resetsAt ? { resets_at: resetsAt } : {}) },
      });
    notifyError(exhausted('2026-12-01T00:00:00.000Z'));
    expect(state().notifications[0]!.message).toEqual({ text: 'Ihr monatliches Budget ist aufgebraucht. Ab dem 1. Dezember 2026 steht es wieder zur Verfügung.' });
    await i18n.changeLanguage('en');
    notifyError(exhausted('2026-12-01T00:00:00.000Z'));
    expect(state().notifications[1]!.message).toEqual({ text: 'Your monthly budget is used up. It resets on 1 December 2026.' });
    expect(exhausted().code).toBe('budget_exhausted');
    expect(exhausted().messageKey).toBe('budget-exhausted');
    // Without a date from the server: the start of next month (UTC), when monthly budgets reset.
    jest.setSystemTime(new Date('2027-01-31T23:30:00Z'));
    expect(errorMessageText(exhausted(), 'en')).toBe('Your monthly budget is used up. It resets on 1 February 2027.');
    expect(budgetExhaustedMessage('de')).toBe('Ihr monatliches Budget ist aufgebraucht. Ab dem 1. Februar 2027 steht es wieder zur Verfügung.');
    expect(budgetExhaustedMessage('en', '2026-12-01T00:00:00Z')).toBe('Your monthly budget is used up. It resets on 1 December 2026.');
    // i18next knows the day format too (texts of the host and the remotes).
    expect(i18n.t('ERRORS.budget-exhausted', { ns: 'platform', resetsAt: '2026-12-01T00:00:00Z' })).toBe('Your monthly budget is used up. It resets on 1 December 2026.');
    // A plain 429 stays a rate limit.
    expect(new ApiRequestError('429', { status: 429 }).messageKey).toBe('rate-limited');
  });

  it('falls back to the default entry for an unknown key (de and en)', async () => {
    notifyError(new Error('something nobody mapped'));
    expect(state().notifications[0]!.message).toEqual({ text: errorMessages.de.default });
    await i18n.changeLanguage('en');
    notifyError('a string');
    notifyError({ weird: true });
    expect(state().notifications[1]!.message).toEqual({ text: errorMessages.en.default });
    expect(state().notifications[2]!.message).toEqual({ text: errorMessages.en.default });
    expect(errorMessageFor('nope', 'de')).toBe(errorMessages.de.default);
    expect(errorMessageFor('nope', 'en')).toBe(errorMessages.en.default);
    expect(errorMessages.de.default).not.toBe(errorMessages.en.default);
  });

  it('every key exists in both languages', () => {
    expect(Object.keys(errorMessages.de).sort()).toEqual(Object.keys(errorMessages.en).sort());
  });

  it('finds keys a remote registered, by message', () => {
    registerErrorMessages({ de: { 'Chat is busy': 'Der Chat ist belegt.' }, en: { 'Chat is busy': 'The chat is busy.' } });
    notifyError(new Error('Chat is busy'));
    expect(state().notifications[0]!.message).toEqual({ text: 'Der Chat ist belegt.' });
  });

  it('shows nothing for an abort the user asked for', () => {
    expect(notifyError(new RequestAbortedError('stop'))).toBeUndefined();
    expect(state().notifications).toHaveLength(0);
  });
});
