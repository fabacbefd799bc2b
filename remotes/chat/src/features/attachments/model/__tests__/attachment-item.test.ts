import type { CollectionFile } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';
import { attachmentProblemFrom, attachmentStates, attachmentsReadiness, checkAttachment, type AttachmentItem } from '../attachment-item';

const item = (change: Partial<AttachmentItem>): AttachmentItem => ({
  id: change.fileId ?? 'x',
  file: { name: 'a.docx' } as File,
  phase: 'sent',
  progress: null,
  problem: null,
  fileId: null,
  sentStatus: null,
  ...change,
});
const file = (fileId: string, status: CollectionFile['status']) => ({ fileId, status }) as CollectionFile;

describe('an attachment', () => {
  it('is checked with the collections rules: accepted types, the size limit in MB', () => {
    expect(checkAttachment({ name: 'a.docx', size: 10 }, 20)).toBeNull();
    expect(checkAttachment({ name: 'README', size: 10, type: 'text/plain' }, 20)).toBeNull();
    expect(checkAttachment({ name: 'photo.png', size: 10 }, 20)).toEqual({ kind: 'wrong-type' });
    expect(checkAttachment({ name: 'big.pdf', size: 2 * 1024 * 1024 + 1 }, 2)).toEqual({ kind: 'too-large', maxMB: 2 });
  });

  it('goes through the nine SPEC states: the browser part, then the server status, success once all settled', () => {
    const waiting = item({ phase: 'queued' });
    const sending = item({ phase: 'uploading' });
    const refused = item({ phase: 'refused', problem: { kind: 'wrong-type' } });
    const failed = item({ phase: 'failed', problem: { kind: 'network' } });
    const sent = item({ fileId: 'f1', sentStatus: 'uploaded' });
    expect(attachmentStates([waiting, sending, refused, failed, sent], [])).toEqual(['idle', 'uploading', 'error', 'uploading-failed', 'uploaded']);
    expect(attachmentStates([sent], [file('f1', 'processing')])).toEqual(['processing']);
    expect(attachmentStates([sent], [file('f1', 'processing-failed')])).toEqual(['processing-failed']);
    // Processed while another is still on its way: processed; once all have settled: success.
    const other = item({ fileId: 'f2', sentStatus: 'uploaded' });
    expect(attachmentStates([sent, other], [file('f1', 'processed'), file('f2', 'processing')])).toEqual(['processed', 'processing']);
    expect(attachmentStates([sent, other], [file('f1', 'processed'), file('f2', 'processed')])).toEqual(['success', 'success']);
    expect(attachmentStates([sent, refused], [file('f1', 'processed')])).toEqual(['success', 'error']);
  });

  it('lets a message go only when every attachment is processed', () => {
    expect(attachmentsReadiness([])).toBe('ready');
    expect(attachmentsReadiness(['success', 'success'])).toBe('ready');
    expect(attachmentsReadiness(['success', 'processing'])).toBe('in-progress');
    expect(attachmentsReadiness(['idle'])).toBe('in-progress');
    expect(attachmentsReadiness(['success', 'error'])).toBe('failed');
    expect(attachmentsReadiness(['processing-failed', 'uploading'])).toBe('in-progress');
  });

  it('reads a failed upload: 413 with its byte limit, a 4xx with the server message, no answer, anything else', () => {
    const body = (statusCode: number, message: string, extra: object = {}) => ({ statusCode, error: 'x', message, ...extra });
    expect(attachmentProblemFrom(new ApiRequestError('big', { status: 413, body: body(413, 'too big', { code: 'payload_too_large', limit: { value: 1048576, unit: 'bytes' } }) }))).toEqual({ kind: 'too-large', maxMB: 1 });
    expect(attachmentProblemFrom(new ApiRequestError('type', { status: 415, body: body(415, 'photo.png is an image') }))).toEqual({ kind: 'server', message: 'photo.png is an image' });
    expect(attachmentProblemFrom(new ApiRequestError('offline'))).toEqual({ kind: 'network' });
    expect(attachmentProblemFrom(new ApiRequestError('boom', { status: 502 }))).toEqual({ kind: 'failed', status: 502 });
    expect(attachmentProblemFrom(new Error('what'))).toEqual({ kind: 'failed' });
  });
});
