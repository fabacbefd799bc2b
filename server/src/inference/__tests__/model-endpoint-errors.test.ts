import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { errorBodyMessage, modelEndpointError } from '../model-endpoint-errors';
import { AnswerTooLongError, UpstreamError, UpstreamTimeoutError, UpstreamUnreachableError } from '../upstream';

const socketClosed = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

describe('the model endpoint\'s failures, by fetch or by the SDK, in one set of words', () => {
  it('words an HTTP error with the endpoint\'s own message', () => {
    const mapped = modelEndpointError(new APIError(429, { message: 'Rate limit reached' }, '429 Rate limit reached', new Headers()));
    assert.ok(mapped instanceof UpstreamError);
    assert.equal(mapped.status, 429);
    assert.equal(mapped.message, 'The model endpoint answered HTTP 429: Rate limit reached');
  });

  it('words an error inside a stream (no status) as a failure while answering', () => {
    const mapped = modelEndpointError(new APIError(undefined, { message: 'out of memory' }, 'out of memory', undefined));
    assert.ok(mapped instanceof UpstreamError);
    assert.equal(mapped.message, 'The model endpoint failed while answering: out of memory');
  });

  it('tells an endpoint that cannot be reached from one that cut its answer off, the same for fetch and the SDK', () => {
    for (const error of [new TypeError('fetch failed', { cause: refused }), new APIConnectionError({ cause: refused })]) {
      assert.ok(modelEndpointError(error) instanceof UpstreamUnreachableError, String(error));
    }
    for (const error of [new TypeError('terminated', { cause: socketClosed }), new TypeError('fetch failed', { cause: socketClosed }), new APIConnectionError({ cause: socketClosed })]) {
      const mapped = modelEndpointError(error);
      assert.ok(mapped instanceof UpstreamError && !(mapped instanceof UpstreamUnreachableError), String(error));
      assert.equal((mapped as UpstreamError).message, 'The model endpoint broke off its answer');
    }
  });

  it('keeps a timeout, an answer too long (also wrapped by the SDK) and an abort', () => {
    assert.ok(modelEndpointError(new APIConnectionTimeoutError()) instanceof UpstreamTimeoutError);
    const tooLong = new AnswerTooLongError('The model endpoint', 1_000);
    assert.equal(modelEndpointError(new APIConnectionError({ cause: tooLong })), tooLong);
    const abort = new DOMException('The client went away', 'AbortError');
    assert.equal(modelEndpointError(abort), abort);
  });

  it('leaves a fault of ours as it is', () => {
    const bug = new TypeError('Cannot read properties of undefined (reading \'index\')');
    assert.equal(modelEndpointError(bug), bug);
  });

  it('reads the message of an error body in the shapes endpoints send', () => {
    assert.equal(errorBodyMessage('{"error":{"message":"model not found"}}'), 'model not found');
    assert.equal(errorBodyMessage('{"error":"model not found"}'), 'model not found');
    assert.equal(errorBodyMessage('{"message":"model not found"}'), 'model not found');
    assert.equal(errorBodyMessage('Bad Gateway'), undefined);
  });
});
