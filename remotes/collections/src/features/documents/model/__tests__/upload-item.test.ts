import type { CollectionFile, FileStatus } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';
import { filesSignature, needsPolling } from '../file-status';
import { fileLabel } from '../file-label';
import { uploadState, uploadStates, type UploadItem } from '../upload-item';
import { uploadProblemFrom } from '../upload-problem';

function item(change: Partial<UploadItem>): UploadItem {
  return { id: 'u1', file: { name: 'a.pdf' } as File, phase: 'queued', progress: null, problem: null, fileId: null, sentStatus: null, ...change };
}

function file(fileId: string, status: FileStatus, name = 'a.pdf', version = 1): CollectionFile {
  const at = '2026-03-05T10:00:00.000Z';
  return { fileId, stageId: 'c', createdAt: at, updatedAt: at, name, version, mediaType: 'application/pdf', size: 1, status, runId: null, error: null };
}

describe('upload states', () => {
  it('follows the browser until the file is sent, then the server status', () => {
    expect(uploadState(item({ phase: 'queued' }), [])).toBe('idle');
    expect(uploadState(item({ phase: 'uploading' }), [])).toBe('uploading');
    expect(uploadState(item({ phase: 'failed' }), [])).toBe('uploading-failed');
    expect(uploadState(item({ phase: 'refused' }), [])).toBe('error');
    expect(uploadState(item({ phase: 'sent', fileId: 'f1', sentStatus: 'uploaded' }), [])).toBe('uploaded');
    expect(uploadState(item({ phase: 'sent', fileId: 'f1', sentStatus: 'uploaded' }), [file('f1', 'processing')])).toBe('processing');
    expect(uploadState(item({ phase: 'sent', fileId: 'f1' }), [file('f1', 'processing-failed')])).toBe('processing-failed');
  });

  it('turns processed into success once every upload is settled', () => {
    const a = item({ id: 'a', phase: 'sent', fileId: 'f1' });
    const b = item({ id: 'b', phase: 'sent', fileId: 'f2' });
    expect(uploadStates([a, b], [file('f1', 'processed'), file('f2', 'processing')])).toEqual(['processed', 'processing']);
    expect(uploadStates([a, b], [file('f1', 'processed'), file('f2', 'processed')])).toEqual(['success', 'success']);
    expect(uploadStates([a, item({ id: 'c', phase: 'failed' })], [file('f1', 'processed')])).toEqual(['success', 'uploading-failed']);
  });
});

describe('files', () => {
  it('polls while a file is uploaded or processing', () => {
    expect(needsPolling([file('f1', 'processed'), file('f2', 'processing-failed')])).toBe(false);
    expect(needsPolling([file('f1', 'processed'), file('f2', 'uploaded')])).toBe(true);
    expect(needsPolling([file('f1', 'processing')])).toBe(true);
    expect(filesSignature([file('f1', 'processing')])).not.toBe(filesSignature([file('f1', 'processed')]));
  });

  it('names a file with its version only when another version is listed', () => {
    const one = file('f1', 'processed', 'a.pdf', 1);
    const two = file('f2', 'processed', 'a.pdf', 2);
    expect(fileLabel(one, [one, file('f3', 'processed', 'b.pdf')])).toBe('a.pdf');
    expect(fileLabel(two, [one, two])).toBe('a.pdf (v2)');
  });
});

describe('uploadProblemFrom', () => {
  it('keeps the server message of a 4xx, says network for no answer, generic otherwise', () => {
    const body = (statusCode: number, message: string) => ({ statusCode, error: 'x', message });
    expect(uploadProblemFrom(new ApiRequestError('x', { status: 415, body: body(415, 'not a PDF by content') }))).toEqual({
      kind: 'server',
      status: 415,
      message: 'not a PDF by content',
    });
    expect(uploadProblemFrom(new ApiRequestError('x'))).toEqual({ kind: 'network' });
    expect(uploadProblemFrom(new ApiRequestError('x', { status: 500, body: body(500, 'boom') }))).toEqual({ kind: 'failed', status: 500 });
    expect(uploadProblemFrom(new Error('odd'))).toEqual({ kind: 'failed' });
  });

  it('reads a 413 by its code and byte limit, so the text is in the interface language', () => {
    const tooLarge = new ApiRequestError('x', {
      status: 413,
      body: { statusCode: 413, error: 'x', message: '"a.pdf" is larger than the upload limit of 20 MB', code: 'payload_too_large', limit: { value: 20 * 1024 * 1024, unit: 'bytes' } },
    });
    expect(uploadProblemFrom(tooLarge)).toEqual({ kind: 'too-large', maxMB: 20 });
  });
});
