import type { UploadResponse } from '@assistant/contracts';
import { ResponseValidationError } from '../http/errors';
import { uploadWithProgress, type UploadWithProgressOptions } from '../http/upload-with-progress';

/** The stored file an upload answers with: its id and processing status. */
export type UploadRecord = UploadResponse['files'][number];

/**
 * POST `path` with one file (multipart, with progress) to an endpoint that answers like a
 * collection's upload: the one stored file of the answer.
 */
export async function uploadOneFile(path: string, file: File, options: Pick<UploadWithProgressOptions, 'onProgress' | 'signal'> = {}): Promise<UploadRecord> {
  // The full contracts (zod and every schema) are not on the shell's start-up path: the pages that
  // upload load them, and the answer's schema comes from there.
  const { uploadResponseSchema } = await import('@assistant/contracts');
  const answer = await uploadWithProgress(path, file, uploadResponseSchema, options);
  const [record] = answer.files;
  if (!record) throw new ResponseValidationError('files: the upload answer lists no file');
  return record;
}
