import type { CollectionFile, FileStatus } from '@assistant/contracts';
import { filesSignature, needsPolling } from '../file-status';
import { fileLabel } from '../file-label';

function file(fileId: string, status: FileStatus, name = 'a.pdf', version = 1): CollectionFile {
  const at = '2026-03-05T10:00:00.000Z';
  return { fileId, stageId: 'c', createdAt: at, updatedAt: at, name, version, mediaType: 'application/pdf', size: 1, status, runId: null, error: null };
}

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
