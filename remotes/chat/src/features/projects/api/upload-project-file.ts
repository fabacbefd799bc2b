import { uploadOneFile, type UploadRecord, type UploadProgress } from '@assistant/platform';

/**
 * POST /api/projects/{id}/files: one file into the project's files, as multipart with upload
 * progress (the platform's uploadOneFile, as a collection's upload), answered with its status.
 */
export function uploadProjectFile(projectId: string, file: File, options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {}): Promise<UploadRecord> {
  return uploadOneFile(`projects/${encodeURIComponent(projectId)}/files`, file, options);
}
