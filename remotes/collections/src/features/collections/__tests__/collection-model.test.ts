import { ApiRequestError, RequestAbortedError } from '@assistant/platform';
import i18next, { type TFunction } from 'i18next';
import en from '../../../locales/en.json';
import { checkCollectionName } from '../model/collection-name';
import { describeCollectionError } from '../model/describe-collection-error';

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { collections: en } }, defaultNS: 'collections', interpolation: { escapeValue: false } });
  t = i18n.t;
});

describe('checkCollectionName', () => {
  it('accepts 1 to 100 characters after trimming and gives the trimmed name', () => {
    expect(checkCollectionName('  Board minutes ')).toEqual({ ok: true, name: 'Board minutes' });
    expect(checkCollectionName('x')).toEqual({ ok: true, name: 'x' });
    expect(checkCollectionName(` ${'x'.repeat(100)} `)).toEqual({ ok: true, name: 'x'.repeat(100) });
  });

  it('says what is wrong otherwise', () => {
    expect(checkCollectionName('')).toEqual({ ok: false, problem: 'required' });
    expect(checkCollectionName(' \t ')).toEqual({ ok: false, problem: 'required' });
    expect(checkCollectionName('x'.repeat(101))).toEqual({ ok: false, problem: 'tooLong' });
  });
});

describe('describeCollectionError', () => {
  const answer = (status: number, message?: string) =>
    new ApiRequestError(`${status}`, { status, body: message === undefined ? undefined : { statusCode: status, error: 'x', message } });

  it('words 403, 404 and a 400 with a message; the rest gets the platform text', () => {
    expect(describeCollectionError(answer(403, 'nope'), t, 'en')).toEqual({
      kind: 'forbidden',
      message: 'You are not allowed to change this collection. Company collections are managed by administrators.',
    });
    expect(describeCollectionError(answer(404), t, 'en')).toEqual({ kind: 'not-found', message: 'The collection no longer exists.' });
    expect(describeCollectionError(answer(400, 'name too long'), t, 'en')).toEqual({
      kind: 'invalid',
      message: 'The server did not accept the name: name too long',
    });
    expect(describeCollectionError(answer(400), t, 'en').kind).toBe('other');
    expect(describeCollectionError(answer(503), t, 'de')).toEqual({ kind: 'other', message: expect.stringMatching(/Server/) });
    expect(describeCollectionError(new ApiRequestError('offline'), t, 'en')).toEqual({ kind: 'other', message: expect.any(String) });
    expect(describeCollectionError(new RequestAbortedError('gone'), t, 'en').kind).toBe('other');
  });

  it('says when to try again after a 429 (a per-user limit)', () => {
    const limited = new ApiRequestError('429', { status: 429, retryAfterSeconds: 20 });
    expect(describeCollectionError(limited, t, 'en')).toEqual({ kind: 'other', message: 'Too many requests. Please try again in 20 seconds.' });
    expect(describeCollectionError(limited, t, 'de')).toEqual({
      kind: 'other',
      message: 'Zu viele Anfragen. Bitte versuchen Sie es in 20 Sekunden erneut.',
    });
  });
});
