import { ApiRequestError } from '@assistant/platform';
import { failureFromError } from '../failure';

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
