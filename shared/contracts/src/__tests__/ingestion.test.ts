import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  INGESTION_ERROR_CODES,
  ingestionErrorCodeSchema,
  ingestionRunSchema,
  ingestionRunsPageSchema,
  ingestionRunsQuerySchema,
} from '../ingestion';
import { NOW, accepts, rejects } from './helpers';

const completed = {
  status: 'completed',
  output: { datasetId: 'ds-1' },
  errors: null,
  metadata: { fileName: 'a.pdf', dataSource: 'upload', createdAt: NOW, documentType: 'pdf', type: 'application/pdf', fileSize: 1024, size: 1024 },
};
const failed = {
  status: 'failed',
  output: null,
  errors: [{ type: 'validation', message: 'Unsupported media type image/tiff', httpCode: 415, dataCode: 'DATA0001' }],
};

describe('ingestion runs', () => {
  it('accepts runs in every status and a page of them', () => {
    accepts(ingestionRunSchema, { status: 'created', output: null, errors: null });
    accepts(ingestionRunSchema, { status: 'running', output: null, errors: [], metadata: {} });
    accepts(ingestionRunSchema, completed);
    accepts(ingestionRunSchema, failed);
    const page = accepts(ingestionRunsPageSchema, { page: 1, size: 20, total: 2, runs: [completed, failed] });
    assert.equal(page.runs[1]?.errors?.[0]?.dataCode, 'DATA0001');
    accepts(ingestionRunsPageSchema, { page: 3, size: 20, total: 0, runs: [] });
  });

  it('refuses an unknown status', () => {
    const bad = rejects(ingestionRunSchema, { ...completed, status: 'queued' });
    assert.equal(bad.message, 'Must be one of created, running, completed, failed');
    assert.deepEqual(bad.path, ['status']);
  });

  it('defines DATA0001 to DATA0009 and refuses other codes', () => {
    assert.deepEqual(Object.keys(INGESTION_ERROR_CODES), [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `DATA000${n}`));
    for (const meaning of Object.values(INGESTION_ERROR_CODES)) assert.ok(meaning.length > 0);
    assert.equal(rejects(ingestionErrorCodeSchema, 'DATA0010').message, 'Must be an ingestion error code from DATA0001 to DATA0009');
    const inRun = rejects(ingestionRunSchema, { ...failed, errors: [{ ...failed.errors[0], dataCode: 'E42' }] });
    assert.deepEqual(inRun.path, ['errors', 0, 'dataCode']);
  });

  it('refuses an HTTP code outside 100-599', () => {
    assert.equal(
      rejects(ingestionRunSchema, { ...failed, errors: [{ ...failed.errors[0], httpCode: 42 }] }).message,
      'Must be an HTTP status code (100 to 599)',
    );
  });

  it('refuses a completed run without output and a failed run without errors', () => {
    const noOutput = rejects(ingestionRunSchema, { ...completed, output: null });
    assert.equal(noOutput.message, 'A completed run must carry its output');
    assert.equal(rejects(ingestionRunSchema, { ...failed, errors: [] }).message, 'A failed run must list at least one error');
  });

  it('refuses negative sizes in metadata', () => {
    const bad = rejects(ingestionRunSchema, { ...completed, metadata: { fileSize: -5 } });
    assert.equal(bad.message, 'Must not be below 0');
    assert.deepEqual(bad.path, ['metadata', 'fileSize']);
  });

  it('counts pages from 1 and caps the page size', () => {
    assert.equal(rejects(ingestionRunsPageSchema, { page: 0, size: 20, total: 0, runs: [] }).message, 'Must not be below 1');
    assert.equal(rejects(ingestionRunsPageSchema, { page: 1, size: 101, total: 0, runs: [] }).message, 'Must not be above 100');
    assert.equal(rejects(ingestionRunsPageSchema, { page: 1, size: 20, total: -1, runs: [] }).message, 'Must not be below 0');
    assert.equal(
      rejects(ingestionRunsPageSchema, { page: 1, size: 1, total: 2, runs: [completed, failed] }).message,
      'A page must not hold more runs than its size',
    );
  });

  it('reads the page query from strings, with defaults', () => {
    assert.deepEqual(accepts(ingestionRunsQuerySchema, {}), { page: 1, size: 20 });
    assert.deepEqual(accepts(ingestionRunsQuerySchema, { page: '2', size: '50' }), { page: 2, size: 50 });
    assert.deepEqual(rejects(ingestionRunsQuerySchema, { page: '0' }).path, ['page']);
  });
});
