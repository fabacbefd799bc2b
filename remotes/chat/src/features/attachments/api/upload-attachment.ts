import { uploadOneFile, type UploadProgress, type UploadRecord } from '@assistant/platform';

export interface UploadAttachmentOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/conversations/{id}/files: one file into the conversation's own collection, as
 * multipart with upload progress (the platform's uploadOneFile, as the collections upload),
 * answered like a collection's upload (the stored file with its status).
 */
export function uploadAttachment(conversationId: string, file: File, options: UploadAttachmentOptions = {}): Promise<UploadRecord> {
  return uploadOneFile(`conversations/${encodeURIComponent(conversationId)}/files`, file, options);
}
