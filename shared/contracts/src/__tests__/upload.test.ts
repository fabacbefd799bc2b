import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FILE_UPLOAD_STATES, fileUploadStateSchema, uploadConfigSchema } from '../upload';
import { UUID_A, accepts, rejects } from './helpers';

const config = {
  upload_url: 'https://files.example.com/upload',
  status_base_url: '/api/files/status',
  upload_ingestion_context: {
    triggerName: 'document-ingestion',
    destinationContext: { repositoryID: UUID_A },
    connectorContext: { namespace: 'sharepoint', collection: 'handbook' },
  },
};

describe('upload', () => {
  it('accepts the upload config with a connector and with a null connector', () => {
    accepts(uploadConfigSchema, config);
    const plain = accepts(uploadConfigSchema, {
      ...config,
      upload_ingestion_context: { ...config.upload_ingestion_context, connectorContext: null },
    });
    assert.equal(plain.upload_ingestion_context.connectorContext, null);
  });

  it('refuses a repositoryID that is not a uuid', () => {
    const bad = rejects(uploadConfigSchema, {
      ...config,
      upload_ingestion_context: { ...config.upload_ingestion_context, destinationContext: { repositoryID: 'repo-1' } },
    });
    assert.equal(bad.message, 'Must be a UUID');
    assert.deepEqual(bad.path, ['upload_ingestion_context', 'destinationContext', 'repositoryID']);
  });

  it('refuses a connectorContext left out (it must be null, not missing) and an empty trigger', () => {
    const { connectorContext: _omitted, ...context } = config.upload_ingestion_context;
    assert.deepEqual(rejects(uploadConfigSchema, { ...config, upload_ingestion_context: context }).path, [
      'upload_ingestion_context',
      'connectorContext',
    ]);
    const trigger = rejects(uploadConfigSchema, { ...config, upload_ingestion_context: { ...config.upload_ingestion_context, triggerName: '' } });
    assert.equal(trigger.message, 'Must not be empty');
  });

  it('refuses upload URLs that are neither http(s) nor a path', () => {
    for (const url of ['files/upload', 'ftp://files.example.com/x', '//evil.example.com/x', 'javascript:alert(1)']) {
      const bad = rejects(uploadConfigSchema, { ...config, upload_url: url });
      assert.equal(bad.message, 'Must be an http(s) URL or a path starting with /', url);
      assert.deepEqual(bad.path, ['upload_url']);
    }
  });

  it('knows the nine upload states and refuses others', () => {
    assert.equal(FILE_UPLOAD_STATES.length, 9);
    for (const state of FILE_UPLOAD_STATES) accepts(fileUploadStateSchema, state);
    assert.match(rejects(fileUploadStateSchema, 'done').message, /^Must be one of idle, uploading, uploading-failed, /);
  });
});
