import { ApiRequestError } from '@assistant/platform';
import { NoConversationError, attachmentProblemFrom, attachmentsReadiness } from '../attachment-item';

describe('an attachment', () => {
  it('lets a message go only when every attachment is processed', () => {
    expect(attachmentsReadiness([])).toBe('ready');
    expect(attachmentsReadiness(['success', 'success'])).toBe('ready');
    expect(attachmentsReadiness(['success', 'processing'])).toBe('in-progress');
    expect(attachmentsReadiness(['idle'])).toBe('in-progress');
    expect(attachmentsReadiness(['success', 'error'])).toBe('failed');
    expect(attachmentsReadiness(['processing-failed', 'uploading'])).toBe('in-progress');
  });

  it('reads a failed upload: the conversation that could not be created, else as any upload', () => {
    expect(attachmentProblemFrom(new NoConversationError('none'))).toEqual({ kind: 'no-conversation' });
    expect(attachmentProblemFrom(new ApiRequestError('offline'))).toEqual({ kind: 'network' });
    expect(attachmentProblemFrom(new ApiRequestError('boom', { status: 502 }))).toEqual({ kind: 'failed', status: 502 });
  });
});
