import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileRecordSchema } from '../files';
import { NOW, accepts, rejects } from './helpers';

const file = {
  fileId: 'f-1',
  stageId: 'stage-7',
  createdAt: NOW,
  updatedAt: '2025-06-02T08:30:00.000+02:00',
  name: 'Travel policy.pdf',
  version: 1,
  mediaType: 'application/pdf',
  size: 48213,
};

describe('file record', () => {
  it('accepts a record from the spec, including an empty file and a media type with parameters', () => {
    accepts(fileRecordSchema, file);
    assert.equal(accepts(fileRecordSchema, { ...file, size: 0, mediaType: 'text/plain; charset=utf-8' }).size, 0);
  });

  it('refuses a version below 1, a negative or fractional size', () => {
    assert.equal(rejects(fileRecordSchema, { ...file, version: 0 }).message, 'Must not be below 1');
    const negative = rejects(fileRecordSchema, { ...file, size: -1 });
    assert.equal(negative.message, 'Must not be below 0');
    assert.deepEqual(negative.path, ['size']);
    assert.equal(rejects(fileRecordSchema, { ...file, size: 1.5 }).message, 'Must be a whole number');
  });

  it('refuses dates that are not ISO date-times, and an update before the creation', () => {
    assert.deepEqual(rejects(fileRecordSchema, { ...file, createdAt: '01.06.2025' }).path, ['createdAt']);
    const order = rejects(fileRecordSchema, { ...file, updatedAt: '2025-05-31T00:00:00Z' });
    assert.equal(order.message, 'updatedAt must not be before createdAt');
    assert.deepEqual(order.path, ['updatedAt']);
  });

  it('refuses an empty file id or name and a media type without subtype', () => {
    assert.equal(rejects(fileRecordSchema, { ...file, fileId: '' }).message, 'Must not be empty');
    assert.deepEqual(rejects(fileRecordSchema, { ...file, name: '' }).path, ['name']);
    assert.equal(rejects(fileRecordSchema, { ...file, mediaType: 'pdf' }).message, 'Must be a media type such as application/pdf');
  });
});
