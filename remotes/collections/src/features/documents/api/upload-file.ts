import { uploadOneFile, type UploadProgress, type UploadRecord } from '@assistant/platform';

export interface UploadFileOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/collections/{id}/files with one file as multipart form data, with upload progress
 * (the platform's uploadOneFile, shared with the chat's attachments). Failures are the
 * platform's error classes, so they read like every other call's (413 too large, 415 wrong type
 * carry the server's message).
 */
export function uploadFile(collectionId: string, file: File, options: UploadFileOptions = {}): Promise<UploadRecord> {
  return uploadOneFile(`collections/${encodeURIComponent(collectionId)}/files`, file, options);
}
