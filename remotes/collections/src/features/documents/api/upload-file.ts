import { uploadResponseSchema, type UploadResponse } from '@assistant/contracts';
import { ResponseValidationError, uploadWithProgress, type UploadProgress } from '@assistant/platform';

export type { UploadProgress };

export interface UploadFileOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/collections/{id}/files with one file as multipart form data, with upload progress
 * (the platform's uploadWithProgress, shared with the chat's attachments). Failures are the
 * platform's error classes, so they read like every other call's (413 too large, 415 wrong type
 * carry the server's message).
 */
export async function uploadFile(collectionId: string, file: File, options: UploadFileOptions = {}): Promise<UploadResponse['files'][number]> {
  const answer = await uploadWithProgress(`collections/${encodeURIComponent(collectionId)}/files`, file, uploadResponseSchema, options);
  const [record] = answer.files;
  if (!record) throw new ResponseValidationError('files: the upload answer lists no file');
  return record;
}
