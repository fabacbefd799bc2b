import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  emailSchema,
  httpUrlSchema,
  isoDateTimeSchema,
  nonEmptyStringSchema,
  nonNegativeIntSchema,
  positiveIntSchema,
  uuidSchema,
} from '../common';
import { UUID_A, accepts, rejects } from './helpers';

describe('common rule primitives', () => {
  it('non-negative integers: 0 and up, whole numbers only', () => {
    assert.equal(accepts(nonNegativeIntSchema, 0), 0);
    assert.equal(rejects(nonNegativeIntSchema, -1).message, 'Must not be below 0');
    assert.equal(rejects(nonNegativeIntSchema, 1.5).message, 'Must be a whole number');
    assert.equal(rejects(positiveIntSchema, 0).message, 'Must not be below 1');
  });

  it('non-empty strings refuse empty and whitespace-only values and overlong ones', () => {
    assert.equal(accepts(nonEmptyStringSchema, 'x'), 'x');
    assert.equal(rejects(nonEmptyStringSchema, '').message, 'Must not be empty');
    assert.equal(rejects(nonEmptyStringSchema, '   ').message, 'Must not be empty');
    assert.equal(rejects(nonEmptyStringSchema, 'a'.repeat(256)).message, 'Must not be longer than 255 characters');
  });

  it('links are http(s) URLs only', () => {
    accepts(httpUrlSchema, 'https://intranet.example.com/doc?id=1');
    accepts(httpUrlSchema, 'http://localhost:8080/x');
    assert.equal(rejects(httpUrlSchema, 'not a url').message, 'Must be a URL (https://...)');
    assert.equal(rejects(httpUrlSchema, 'javascript:alert(1)').message, 'Must be a URL (https://...)');
    assert.equal(rejects(httpUrlSchema, 'data:text/html,hi').message, 'Must be a URL (https://...)');
  });

  it('emails, uuids and date-times', () => {
    accepts(emailSchema, 'support@example.com');
    assert.equal(rejects(emailSchema, 'support@').message, 'Must be an email address');
    accepts(uuidSchema, UUID_A);
    assert.equal(rejects(uuidSchema, '1234').message, 'Must be a UUID');
    accepts(isoDateTimeSchema, '2025-06-01T12:00:00.123+02:00');
    assert.match(rejects(isoDateTimeSchema, '2025-06-01').message, /^Must be an ISO 8601 date-time/);
  });
});
