import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  collectionFileListResponseSchema,
  collectionListQuerySchema,
  collectionSummarySchema,
  createCollectionRequestSchema,
  filePagesResponseSchema,
  renameCollectionRequestSchema,
  uploadResponseSchema,
} from '../collections';
import { ingestionRunSchema } from '../ingestion';
import { NOW, UUID_A, UUID_B, UUID_C, accepts, rejects } from './helpers';

const collection = {
  id: UUID_A,
  name: 'Travel',
  scope: 'personal',
  file_count: 2,
  created_at: NOW,
  updated_at: NOW,
  can_manage: true,
};

const file = {
  fileId: UUID_B,
  stageId: UUID_A,
  createdAt: NOW,
  updatedAt: NOW,
  name: 'Travel policy.pdf',
  version: 2,
  mediaType: 'application/pdf',
  size: 48213,
};

describe('collections', () => {
  it('accepts a personal and a company collection, and refuses another scope', () => {
    accepts(collectionSummarySchema, collection);
    accepts(collectionSummarySchema, { ...collection, scope: 'company', can_manage: false });
    assert.equal(rejects(collectionSummarySchema, { ...collection, scope: 'team' }).message, 'Must be one of personal, company');
  });

  it('trims names, and refuses blank names and names over 100 characters', () => {
    assert.deepEqual(accepts(createCollectionRequestSchema, { name: '  Travel  ' }), { name: 'Travel', scope: 'personal' });
    assert.equal(accepts(createCollectionRequestSchema, { name: 'Policies', scope: 'company' }).scope, 'company');
    assert.equal(rejects(createCollectionRequestSchema, { name: '   ' }).message, 'Please give the collection a name');
    assert.equal(accepts(renameCollectionRequestSchema, { name: 'x'.repeat(100) }).name.length, 100);
    assert.equal(rejects(renameCollectionRequestSchema, { name: 'x'.repeat(101) }).message, 'Must not be longer than 100 characters');
    assert.deepEqual(rejects(createCollectionRequestSchema, { name: 'a', owner_id: 'admin' }).path, []);
  });

  it('lists personal collections unless the query names the company scope', () => {
    assert.equal(accepts(collectionListQuerySchema, {}).scope, 'personal');
    assert.equal(accepts(collectionListQuerySchema, { scope: 'company' }).scope, 'company');
    assert.deepEqual(rejects(collectionListQuerySchema, { scope: 'all' }).path, ['scope']);
  });

  it('lists files with their status and the reason of a failed ingestion', () => {
    const list = accepts(collectionFileListResponseSchema, {
      files: [
        { ...file, status: 'processed', runId: UUID_C, error: null },
        { ...file, version: 1, status: 'processing-failed', runId: UUID_C, error: { dataCode: 'DATA0005', message: 'encrypted' } },
      ],
    });
    assert.equal(list.files[1]!.error!.dataCode, 'DATA0005');
    assert.deepEqual(
      rejects(collectionFileListResponseSchema, { files: [{ ...file, status: 'processed', runId: null, error: { dataCode: 'DATA0010', message: '' } }] }).path,
      ['files', 0, 'error', 'dataCode'],
    );
    // The file record's own rules still hold.
    assert.equal(
      rejects(collectionFileListResponseSchema, { files: [{ ...file, version: 0, status: 'uploaded', runId: null, error: null }] }).message,
      'Must not be below 1',
    );
  });

  it('answers an upload with each file record and its run', () => {
    accepts(uploadResponseSchema, { files: [{ ...file, status: 'uploaded', runId: UUID_C }] });
    assert.deepEqual(rejects(uploadResponseSchema, { files: [{ ...file, status: 'uploaded' }] }).path, ['files', 0, 'runId']);
  });

  it('answers the pages of a file with the spec document pages', () => {
    accepts(filePagesResponseSchema, {
      pages: [{ reference_id: UUID_B, wordcount: 2, page_number: 1, text: 'Hello world', bounding_boxes: [{ left: 0.1, top: 0.1, right: 0.5, bottom: 0.2, anchor_point: 0 }] }],
    });
  });

  it('lets a run carry its id and file id', () => {
    const run = accepts(ingestionRunSchema, { id: UUID_C, fileId: UUID_B, status: 'created', output: null, errors: null });
    assert.equal(run.id, UUID_C);
  });
});
