import { ApiRequestError } from '@assistant/platform';
import { describeTranslateError } from '../describe-translate-error';

describe('describeTranslateError', () => {
  it('says when to try again after a 429 (a per-user limit), in both languages', () => {
    const limited = new ApiRequestError('429', {
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many model requests', code: 'rate_limited', retry_after_seconds: 20 },
    });
    expect(describeTranslateError(limited, 10, 'de')).toEqual({
      kind: 'other',
      detail: 'Zu viele Anfragen. Bitte versuchen Sie es in 20 Sekunden erneut.',
    });
    expect(describeTranslateError(limited, 10, 'en')).toEqual({ kind: 'other', detail: 'Too many requests. Please try again in 20 seconds.' });
  });

  it('keeps the server message of the statuses it words itself', () => {
    const tooLong = new ApiRequestError('413', { status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'at most 5000 characters' } });
    expect(describeTranslateError(tooLong, 6000, 'en')).toMatchObject({ kind: 'too-long', detail: 'at most 5000 characters' });
  });
});
