import { ApiRequestError, changeLanguage } from '@assistant/platform';
import { failureFromError, failureFromStreamError } from '../failure';

function refusal(status: number, code: string | undefined, message: string) {
  return new ApiRequestError(`${status} ${message}`, { status, body: { statusCode: status, error: 'Error', message, ...(code ? { code } : {}) } });
}

describe('failureFromError', () => {
  it('tells a document without text by its code, whatever the status', () => {
    expect(failureFromError(refusal(422, 'no_text', '"leer.txt" has no text for a summary'))).toEqual({ kind: 'no-text', detail: '"leer.txt" has no text for a summary' });
    // Another 422 (the sources of an answer) is no document without text.
    expect(failureFromError(refusal(422, 'sources_failed', 'no passages')).kind).toBe('failed');
  });

  it('reads the code, falling back to the status default only when the body has none', () => {
    expect(failureFromError(refusal(400, 'validation_failed', 'Invalid body')).kind).toBe('invalid');
    expect(failureFromError(refusal(503, 'model_unavailable', 'No model')).kind).toBe('no-model');
    expect(failureFromError(refusal(404, undefined, 'gone')).kind).toBe('not-found');
    expect(failureFromError(refusal(504, 'upstream_timeout', 'slow')).kind).toBe('timeout');
  });
});

describe('a used-up budget', () => {
  afterEach(() => changeLanguage('de'));

  it('says the day it resets, from the refusal or (a stream event has none) the start of next month', async () => {
    await changeLanguage('en');
    const refused = new ApiRequestError('429 budget', {
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Used up', code: 'budget_exhausted', resets_at: '2026-12-01T00:00:00.000Z' },
    });
    expect(failureFromError(refused)).toEqual({ kind: 'budget-exhausted', detail: 'Your monthly budget is used up. It resets on 1 December 2026.' });
    jest.useFakeTimers({ now: new Date('2026-12-15T10:00:00Z') });
    try {
      await changeLanguage('de');
      expect(failureFromStreamError('budget_exhausted', 'Your monthly budget for the assistant is used up')).toEqual({
        kind: 'budget-exhausted',
        detail: 'Ihr monatliches Budget ist aufgebraucht. Ab dem 1. Januar 2027 steht es wieder zur Verfügung.',
      });
    } finally {
      jest.useRealTimers();
    }
  });
});
