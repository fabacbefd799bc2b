import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiErrorSchema, healthResponseSchema } from '../api-error';
import { accepts, rejects } from './helpers';

describe('api error', () => {
  it('accepts an error body with and without zod issues', () => {
    accepts(apiErrorSchema, { statusCode: 404, error: 'Not Found', message: 'Conversation not found' });
    const withIssues = accepts(apiErrorSchema, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Request validation failed',
      issues: [{ path: ['qa_sources', 0, 'highlights'], message: 'Must not be below 0', code: 'too_small' }],
    });
    assert.deepEqual(withIssues.issues?.[0]?.path, ['qa_sources', 0, 'highlights']);
  });

  it('carries the kind of refusal and the wait of a 429', () => {
    const limited = accepts(apiErrorSchema, {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many model requests',
      code: 'rate_limited',
      retry_after_seconds: 20,
    });
    assert.equal(limited.code, 'rate_limited');
    assert.equal(limited.retry_after_seconds, 20);
    assert.deepEqual(rejects(apiErrorSchema, { statusCode: 429, error: 'x', message: 'y', retry_after_seconds: -1 }).path, ['retry_after_seconds']);
  });

  it('refuses a non-integer status code and an unknown health state', () => {
    assert.deepEqual(rejects(apiErrorSchema, { statusCode: 400.5, error: 'x', message: 'y' }).path, ['statusCode']);
    assert.deepEqual(rejects(healthResponseSchema, { status: 'fine', database: 'ok' }).path, ['status']);
    accepts(healthResponseSchema, { status: 'degraded', database: 'down' });
  });
});
