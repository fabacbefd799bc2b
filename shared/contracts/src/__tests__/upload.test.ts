import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BYTES_PER_MEGABYTE,
  FILE_UPLOAD_STATES,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_FILES_PER_REQUEST,
  UPLOAD_MEDIA_TYPES,
  UPLOAD_TYPE_WITHOUT_EXTENSION,
  fileExtension,
  fileUploadStateSchema,
  isAcceptedUpload,
  isOverUploadLimit,
  megabytesToBytes,
  uploadConfigSchema,
  uploadMediaTypeOfExtension,
  uploadTypeNames,
} from '../upload';
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

describe('upload rules (both sides)', () => {
  it('names each accepted type once, with its extensions', () => {
    assert.deepEqual([...UPLOAD_MEDIA_TYPES], [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/html',
      'text/markdown',
      'text/plain',
    ]);
    assert.deepEqual([...UPLOAD_EXTENSIONS], ['pdf', 'docx', 'html', 'htm', 'md', 'markdown', 'txt', 'text', 'log', 'csv']);
    assert.equal(uploadMediaTypeOfExtension('htm'), 'text/html');
    assert.equal(uploadMediaTypeOfExtension('csv'), 'text/plain');
    assert.equal(uploadMediaTypeOfExtension('doc'), undefined);
    assert.equal(uploadTypeNames(), 'PDF, Word (DOCX), HTML, Markdown or plain text');
  });

  it('reads the extension in lower case, without its dot; a leading dot is no extension', () => {
    assert.equal(fileExtension('Report.PDF'), 'pdf');
    assert.equal(fileExtension('archive.tar.GZ'), 'gz');
    assert.equal(fileExtension('README'), '');
    assert.equal(fileExtension('.pdf'), '');
    assert.equal(fileExtension('notes.'), '');
  });

  it('takes a known extension, and a name without one (the server reads its content, text as plain text)', () => {
    for (const name of ['a.pdf', 'B.DOCX', 'c.html', 'd.htm', 'e.md', 'f.markdown', 'g.txt', 'h.text', 'i.log', 'j.csv', 'README', '.bashrc', 'notes.']) {
      assert.equal(isAcceptedUpload({ name }), true, name);
    }
    for (const name of ['setup.exe', 'old.doc', 'photo.png', 'archive.tar.gz']) assert.equal(isAcceptedUpload({ name }), false, name);
    assert.equal(UPLOAD_TYPE_WITHOUT_EXTENSION, 'text/plain');
  });

  it('refuses a name without an extension whose media type is known to be something else', () => {
    assert.equal(isAcceptedUpload({ name: 'README', type: '' }), true);
    assert.equal(isAcceptedUpload({ name: 'README', type: 'text/x-readme' }), true);
    assert.equal(isAcceptedUpload({ name: 'scan', type: 'application/pdf' }), true);
    assert.equal(isAcceptedUpload({ name: 'photo', type: 'image/png' }), false);
    assert.equal(isAcceptedUpload({ name: 'report.pdf', type: 'application/octet-stream' }), true, 'a known extension decides');
  });

  it('counts a limit in MB of 1024 x 1024 bytes, as the server does', () => {
    assert.equal(BYTES_PER_MEGABYTE, 1024 * 1024);
    assert.equal(megabytesToBytes(20), 20 * 1024 * 1024);
    assert.equal(megabytesToBytes(1.5), 1_572_864);
    assert.equal(megabytesToBytes(0.0000001), 0);
    assert.equal(isOverUploadLimit(20 * 1024 * 1024, 20), false);
    assert.equal(isOverUploadLimit(20 * 1024 * 1024 + 1, 20), true);
    assert.equal(UPLOAD_MAX_FILES_PER_REQUEST, 20);
  });
});
