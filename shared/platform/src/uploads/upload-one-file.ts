import { uploadResponseSchema, type UploadResponse } from '@assistant/contracts';
import { ResponseValidationError } from '../http/errors';
import { uploadWithProgress, type UploadWithProgressOptions } from '../http/upload-with-progress';

/** The stored file an upload answers with: its id and processing status. */
export type UploadRecord = UploadResponse['files'][number];

/**
 * POST `path` with one file (multipart, with progress) to an endpoint that answers like a
 * collection's upload: the one stored file of the answer.
 */
export async function uploadOneFile(path: string, file: File, options: Pick<UploadWithProgressOptions, 'onProgress' | 'signal'> = {}): Promise<UploadRecord> {
  const answer = await uploadWithProgress(path, file, uploadResponseSchema, options);
  const [record] = answer.files;
  if (!record) throw new ResponseValidationError('files: the upload answer lists no file');
  return record;
}
