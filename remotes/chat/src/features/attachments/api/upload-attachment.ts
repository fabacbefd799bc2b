import { uploadResponseSchema, type UploadResponse } from '@assistant/contracts';
import { ResponseValidationError, uploadWithProgress, type UploadProgress } from '@assistant/platform';

export interface UploadAttachmentOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/conversations/{id}/files: one file into the conversation's own collection, as
 * multipart with upload progress (the platform's uploadWithProgress, as the collections upload),
 * answered like a collection's upload (uploadResponseSchema: the stored file with its status).
 */
export async function uploadAttachment(conversationId: string, file: File, options: UploadAttachmentOptions = {}): Promise<UploadResponse['files'][number]> {
  const answer = await uploadWithProgress(`conversations/${encodeURIComponent(conversationId)}/files`, file, uploadResponseSchema, options);
  const [record] = answer.files;
  if (!record) throw new ResponseValidationError('files: the upload answer lists no file');
  return record;
}
