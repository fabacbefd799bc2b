import { ApiRequestError } from '@assistant/platform';
import { describeTranslateError } from '../describe-translate-error';

function answered(status: number, body: Record<string, unknown>): ApiRequestError {
  return new ApiRequestError(String(status), { status, body: { statusCode: status, error: 'x', message: `message ${status}`, ...body } });
}

describe('describeTranslateError', () => {
  it('says when to try again after a 429 (a per-user limit), in both languages', () => {
    const limited = new ApiRequestError('429', {
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many model requests', code: 'rate_limited', retry_after_seconds: 20 },
    });
    expect(describeTranslateError(limited, 'de')).toEqual({
      kind: 'other',
      detail: 'Zu viele Anfragen. Bitte versuchen Sie es in 20 Sekunden erneut.',
    });
    expect(describeTranslateError(limited, 'en')).toEqual({ kind: 'other', detail: 'Too many requests. Please try again in 20 seconds.' });
  });

  it('says the day a used-up budget resets, in both languages', () => {
    const exhausted = answered(429, { code: 'budget_exhausted', resets_at: '2026-12-01T00:00:00.000Z' });
    expect(describeTranslateError(exhausted, 'en')).toEqual({ kind: 'other', detail: 'Your monthly budget is used up. It resets on 1 December 2026.' });
    expect(describeTranslateError(exhausted, 'de')).toEqual({
      kind: 'other',
      detail: 'Ihr monatliches Budget ist aufgebraucht. Ab dem 1. Dezember 2026 steht es wieder zur Verfügung.',
    });
  });

  it('reads the limit of a 413 from its body (code and limit), never from the message text', () => {
    const tooLong = answered(413, {
      message: 'The text is too long: 6,000 characters, and one translation takes at most 5,000',
      code: 'payload_too_large',
      limit: { value: 5000, unit: 'characters' },
    });
    expect(describeTranslateError(tooLong, 'en')).toEqual({
      kind: 'too-long',
      detail: 'The text is too long: 6,000 characters, and one translation takes at most 5,000',
      limit: 5000,
    });
    // A number in the text alone says nothing; nor does a limit in another unit.
    expect(describeTranslateError(answered(413, { message: 'at most 5000 characters' }), 'en')).toEqual({ kind: 'too-long', detail: 'at most 5000 characters' });
    expect(describeTranslateError(answered(413, { code: 'payload_too_large', limit: { value: 1_048_576, unit: 'bytes' } }), 'en').limit).toBeUndefined();
  });

  it('branches on the code, and on the status when the server sends none', () => {
    const kindOf = (status: number, code?: string) => describeTranslateError(answered(status, code ? { code } : {}), 'en').kind;
    expect(kindOf(400, 'validation_failed')).toBe('bad-request');
    expect(kindOf(400, 'unsupported_language')).toBe('bad-request');
    expect(kindOf(404, 'not_found')).toBe('engine-unavailable');
    expect(kindOf(503, 'model_unavailable')).toBe('engine-unavailable');
    expect(kindOf(502, 'upstream_failed')).toBe('engine-failed');
    expect(kindOf(504, 'upstream_timeout')).toBe('timeout');
    expect(kindOf(500, 'internal')).toBe('other');
    // Another server (no code) or a newer code: the status decides.
    expect(kindOf(400)).toBe('bad-request');
    expect(kindOf(404)).toBe('engine-unavailable');
    expect(kindOf(413)).toBe('too-long');
    expect(kindOf(502)).toBe('engine-failed');
    expect(kindOf(502, 'something_newer')).toBe('engine-failed');
    expect(kindOf(504)).toBe('timeout');
    // The code wins over the status.
    expect(kindOf(400, 'upstream_timeout')).toBe('timeout');
  });

  it('keeps the server message as the detail, and a timeout of the request itself is a timeout', () => {
    expect(describeTranslateError(answered(502, { code: 'upstream_failed' }), 'en')).toEqual({ kind: 'engine-failed', detail: 'message 502' });
    expect(describeTranslateError(new ApiRequestError('timeout', { timedOut: true }), 'en').kind).toBe('timeout');
  });
});
