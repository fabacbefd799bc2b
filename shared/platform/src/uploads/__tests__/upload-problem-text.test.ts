import type { TFunction } from 'i18next';
import { uploadProblemText } from '../upload-problem-text';

/** A t that shows which key it was asked for, with its values. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('uploadProblemText', () => {
  it('says each problem under the caller’s keys, and a refusal in the server’s own words', () => {
    expect(uploadProblemText(t, { kind: 'too-large', maxMB: 20 }, 'upload.problem')).toBe('upload.problem.tooLarge {"max":20}');
    expect(uploadProblemText(t, { kind: 'wrong-type' }, 'upload.problem')).toBe('upload.problem.wrongType');
    expect(uploadProblemText(t, { kind: 'network' }, 'attachments.problem')).toBe('attachments.problem.network');
    expect(uploadProblemText(t, { kind: 'failed', status: 502 }, 'upload.problem')).toBe('upload.problem.failedStatus {"status":502}');
    expect(uploadProblemText(t, { kind: 'failed' }, 'upload.problem')).toBe('upload.problem.failed');
    expect(uploadProblemText(t, { kind: 'server', message: '"photo.png" is an image' }, 'upload.problem')).toBe('"photo.png" is an image');
  });
});
