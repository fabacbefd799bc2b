import type { CollectionFile, FileStatus, FileUploadState } from '@assistant/contracts';
import type { UploadRefusal } from './upload-limits';

/** Why an upload did not reach the server. */
export type UploadProblem =
  | UploadRefusal
  /** The server refused it with a message of its own (413 too large, 415 type by content, 4xx). */
  | { kind: 'server'; status: number; message: string }
  /** No answer: network down, timeout. */
  | { kind: 'network' }
  /** Any other failure (5xx without a message for the user, an unreadable answer). */
  | { kind: 'failed'; status?: number };

/**
 * One file the user gave to the upload, as the browser knows it. `phase` is the browser's part;
 * from 'sent' on, the server's file status decides the state (see uploadState).
 */
export interface UploadItem {
  id: string;
  file: File;
  phase: 'queued' | 'uploading' | 'sent' | 'failed' | 'refused';
  /** 0..1 while uploading; null when the browser reports no size. */
  progress: number | null;
  problem: UploadProblem | null;
  /** The stored file, once sent. */
  fileId: string | null;
  /** The status the upload answer gave, until the files list knows the file. */
  sentStatus: FileStatus | null;
}

/** States in which nothing more happens to an item by itself. */
const SETTLED: ReadonlyArray<FileUploadState> = ['processed', 'processing-failed', 'uploading-failed', 'error', 'success'];

export function isSettled(state: FileUploadState): boolean {
  return SETTLED.includes(state);
}

/** The spec's upload state of one item (SPEC section 4), the server's file status once it was sent. */
export function uploadState(item: UploadItem, files: readonly CollectionFile[]): FileUploadState {
  switch (item.phase) {
    case 'queued':
      return 'idle';
    case 'uploading':
      return 'uploading';
    case 'failed':
      return 'uploading-failed';
    case 'refused':
      return 'error';
    case 'sent': {
      const status = files.find((file) => file.fileId === item.fileId)?.status ?? item.sentStatus ?? 'uploaded';
      return status;
    }
  }
}

/**
 * The states of all items: each by uploadState, and once every item is settled the processed
 * ones become `success` (the upload as a whole is done). Same order as `items`.
 */
export function uploadStates(items: readonly UploadItem[], files: readonly CollectionFile[]): FileUploadState[] {
  const states = items.map((item) => uploadState(item, files));
  if (states.length > 0 && states.every(isSettled)) return states.map((state) => (state === 'processed' ? 'success' : state));
  return states;
}
