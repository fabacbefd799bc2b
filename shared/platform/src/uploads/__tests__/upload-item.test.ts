import { UPLOAD_EXTENSIONS, type CollectionFile, type FileStatus } from '@assistant/contracts';
import { ApiRequestError } from '../../http/errors';
import { UPLOAD_ACCEPT, checkUpload, uploadProblemFrom, uploadState, uploadStates, type UploadItem } from '../upload-item';

const MB = 1024 * 1024;

function item(change: Partial<UploadItem>): UploadItem {
  return { id: 'u1', file: { name: 'a.pdf' } as File, phase: 'queued', progress: null, problem: null, fileId: null, sentStatus: null, ...change };
}
const file = (fileId: string, status: FileStatus) => ({ fileId, status }) as CollectionFile;

describe('checkUpload (the contract rules, as the server applies them)', () => {
  it('takes the accepted extensions in any case, and a name without one (the server reads its content)', () => {
    for (const name of ['a.pdf', 'B.DOCX', 'c.html', 'd.htm', 'e.md', 'f.markdown', 'g.txt', 'h.text', 'i.log', 'j.csv', 'README', '.pdf']) {
      expect(checkUpload({ name, size: 10 }, 20)).toBeNull();
    }
    expect(checkUpload({ name: 'README', size: 10, type: 'text/plain' }, 20)).toBeNull();
  });

  it('offers the accepted extensions to the file picker', () => {
    expect(UPLOAD_ACCEPT).toBe('.pdf,.docx,.html,.htm,.md,.markdown,.txt,.text,.log,.csv');
    expect(UPLOAD_ACCEPT.split(',')).toEqual(UPLOAD_EXTENSIONS.map((extension) => `.${extension}`));
  });

  it('refuses other extensions, and a name without one whose media type is something else', () => {
    expect(checkUpload({ name: 'setup.exe', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(checkUpload({ name: 'old.doc', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(checkUpload({ name: 'photo', size: 10, type: 'image/png' }, 20)).toEqual({ kind: 'wrong-type' });
  });

  it('refuses a file over the limit, counted in MB of 1024 x 1024 bytes as the server does', () => {
    expect(checkUpload({ name: 'a.pdf', size: 20 * MB }, 20)).toBeNull();
    expect(checkUpload({ name: 'a.pdf', size: 20 * MB + 1 }, 20)).toEqual({ kind: 'too-large', maxMB: 20 });
    expect(checkUpload({ name: 'a.pdf', size: 2 * MB }, 1.5)).toEqual({ kind: 'too-large', maxMB: 1.5 });
    expect(checkUpload({ name: 'README', size: 20 * MB + 1 }, 20)).toEqual({ kind: 'too-large', maxMB: 20 });
  });
});

describe('uploadProblemFrom', () => {
  const body = (statusCode: number, message: string, extra: object = {}) => ({ statusCode, error: 'x', message, ...extra });

  it('keeps the server message of a refusal, says network for no answer, generic for a server fault', () => {
    expect(uploadProblemFrom(new ApiRequestError('x', { status: 415, body: body(415, 'not a PDF by content') }))).toEqual({ kind: 'server', message: 'not a PDF by content' });
    expect(uploadProblemFrom(new ApiRequestError('x'))).toEqual({ kind: 'network' });
    expect(uploadProblemFrom(new ApiRequestError('x', { status: 500, body: body(500, 'boom') }))).toEqual({ kind: 'failed', status: 500 });
    expect(uploadProblemFrom(new Error('odd'))).toEqual({ kind: 'failed' });
  });

  it('reads a 413 by its code and byte limit, so the text is in the interface language', () => {
    const tooLarge = new ApiRequestError('x', {
      status: 413,
      body: body(413, '"a.pdf" is larger than the upload limit of 20 MB', { code: 'payload_too_large', limit: { value: 20 * MB, unit: 'bytes' } }),
    });
    expect(uploadProblemFrom(tooLarge)).toEqual({ kind: 'too-large', maxMB: 20 });
  });
});

describe('upload states', () => {
  it('follows the browser until the file is sent, then the files list, else the upload answer', () => {
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
    expect(uploadStates([a, item({ id: 'd', phase: 'refused' })], [file('f1', 'processed')])).toEqual(['success', 'error']);
  });
});
