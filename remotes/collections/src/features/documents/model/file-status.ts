import type { CollectionFile, FileStatus } from '@assistant/contracts';

/** Statuses after which the server does nothing more to a file by itself. */
const FINAL_STATUSES: ReadonlyArray<FileStatus> = ['processed', 'processing-failed'];

export function isFinalStatus(status: FileStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** Whether the list must be asked again: some file is still uploaded or processing. */
export function needsPolling(files: readonly CollectionFile[]): boolean {
  return files.some((file) => !isFinalStatus(file.status));
}

/** A short fingerprint of ids and statuses: it changes when a file comes, goes or moves on. */
export function filesSignature(files: readonly CollectionFile[]): string {
  return files.map((file) => `${file.fileId}:${file.status}:${file.runId ?? ''}`).join('|');
}
