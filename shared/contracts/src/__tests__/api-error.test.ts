import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  API_ERROR_CODES,
  LIMIT_UNITS,
  apiErrorCodeForStatus,
  apiErrorCodeOf,
  apiErrorCodeSchema,
  apiErrorSchema,
  healthResponseSchema,
  isRefusedRequest,
  isServerFault,
  validationFailure,
} from '../api-error';
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

  it('keeps the fields a refusal carries beyond the common ones (a 409 with the version stored now)', () => {
    const conflict = accepts(apiErrorSchema, { statusCode: 409, error: 'Conflict', message: 'stale', code: 'conflict', current: { version: 4 } });
    assert.deepEqual(conflict.current, { version: 4 });
  });

  it('refuses a non-integer status code and an unknown health state', () => {
    assert.deepEqual(rejects(apiErrorSchema, { statusCode: 400.5, error: 'x', message: 'y' }).path, ['statusCode']);
    assert.deepEqual(rejects(healthResponseSchema, { status: 'fine', database: 'ok' }).path, ['status']);
    accepts(healthResponseSchema, { status: 'degraded', database: 'down' });
  });
});

describe('api error codes', () => {
  it('names each code once, and every code parses', () => {
    assert.equal(new Set(API_ERROR_CODES).size, API_ERROR_CODES.length);
    for (const code of API_ERROR_CODES) assert.equal(apiErrorCodeSchema.parse(code), code);
    assert.match(rejects(apiErrorCodeSchema, 'teapot').message, /^Must be one of validation_failed, /);
  });

  it('derives a default code from the status', () => {
    const cases: Array<[number, string]> = [
      [400, 'bad_request'],
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [405, 'bad_request'],
      [409, 'conflict'],
      [413, 'payload_too_large'],
      [415, 'unsupported_media_type'],
      [429, 'rate_limited'],
      [499, 'client_closed_request'],
      [500, 'internal'],
      [501, 'not_implemented'],
      [502, 'upstream_failed'],
      [503, 'service_unavailable'],
      [504, 'upstream_timeout'],
      [599, 'internal'],
    ];
    for (const [status, code] of cases) assert.equal(apiErrorCodeForStatus(status), code, String(status));
  });

  it('reads the code of an answer: a known code wins, an unknown or missing one falls back to the status', () => {
    assert.equal(apiErrorCodeOf(413, { code: 'payload_too_large' }), 'payload_too_large');
    assert.equal(apiErrorCodeOf(400, { code: 'unsupported_language' }), 'unsupported_language');
    assert.equal(apiErrorCodeOf(502, { code: 'something_newer' }), 'upstream_failed');
    assert.equal(apiErrorCodeOf(404, undefined), 'not_found');
    assert.equal(apiErrorCodeOf(undefined, undefined), undefined);
  });

  it('tells a refused request (400) and a server fault (5xx) from the other refusals by code', () => {
    assert.deepEqual(
      API_ERROR_CODES.filter((code) => isRefusedRequest(code)),
      ['validation_failed', 'bad_request', 'malformed_multipart', 'unknown_model', 'unsupported_language', 'images_not_supported'],
    );
    assert.deepEqual(
      API_ERROR_CODES.filter((code) => isServerFault(code)),
      ['internal', 'not_implemented', 'upstream_failed', 'model_unavailable', 'service_unavailable', 'upstream_timeout'],
    );
    // The default of every status falls in its class: a code unknown to the client is treated like its status.
    assert.ok(isRefusedRequest(apiErrorCodeForStatus(400)));
    for (const status of [500, 501, 502, 503, 504, 599]) assert.ok(isServerFault(apiErrorCodeForStatus(status)), String(status));
    for (const status of [401, 403, 404, 409, 413, 415, 429, 499]) {
      const code = apiErrorCodeForStatus(status);
      assert.ok(!isRefusedRequest(code) && !isServerFault(code), String(status));
    }
    assert.equal(isRefusedRequest(undefined), false);
    assert.equal(isServerFault(undefined), false);
  });

  it('carries the limit of a 413 with its unit, and keeps an unknown code of a newer server', () => {
    const tooLong = accepts(apiErrorSchema, {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The text is too long',
      code: 'payload_too_large',
      limit: { value: 50_000, unit: 'characters' },
    });
    assert.deepEqual(tooLong.limit, { value: 50_000, unit: 'characters' });
    assert.deepEqual(rejects(apiErrorSchema, { ...tooLong, limit: { value: -1, unit: 'bytes' } }).path, ['limit', 'value']);
    assert.deepEqual(rejects(apiErrorSchema, { ...tooLong, limit: { value: 1, unit: '' } }).path, ['limit', 'unit']);
    assert.equal(accepts(apiErrorSchema, { ...tooLong, code: 'from_a_newer_server' }).code, 'from_a_newer_server');
    assert.deepEqual([...LIMIT_UNITS], ['characters', 'bytes', 'files']);
  });

  it('words a validation failure the way the server answers it', () => {
    assert.deepEqual(validationFailure('querystring', [{ path: ['name'], message: 'Must not be empty', code: 'too_small' }]), {
      code: 'validation_failed',
      message: 'Invalid querystring: name: Must not be empty',
      issues: [{ path: ['querystring', 'name'], message: 'Must not be empty', code: 'too_small' }],
    });
    assert.deepEqual(
      validationFailure('body', [
        { path: [], message: 'Must be an object' },
        { path: ['permissions', 0, 'permission'], message: 'Must not be empty' },
      ]).message,
      'Invalid body: body: Must be an object; permissions.0.permission: Must not be empty',
    );
  });
});
