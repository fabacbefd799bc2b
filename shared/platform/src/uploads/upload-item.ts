import type { CollectionFile, FileStatus, FileUploadState } from '@assistant/contracts';
import { BYTES_PER_MEGABYTE, UPLOAD_EXTENSIONS, isAcceptedUpload, isOverUploadLimit, isServerFault } from '@assistant/contracts/startup';
import { ApiRequestError } from '../http/errors';

/** Why an upload did not reach the server, or was not sent at all. */
export type UploadProblem =
  /** Refused by the browser before sending, with the rules the server applies too (contracts upload.ts). */
  | { kind: 'too-large'; maxMB: number }
  | { kind: 'wrong-type' }
  /** The server refused it with a message of its own (413 too large, 415 type by content, any other refusal). */
  | { kind: 'server'; message: string }
  /** No answer: network down, timeout. */
  | { kind: 'network' }
  /** Any other failure (5xx without a message for the user, an unreadable answer). */
  | { kind: 'failed'; status?: number };

/**
 * One file the user gave to an upload, as the browser knows it. `phase` is the browser's part;
 * from 'sent' on, the server's file status decides its state (uploadState). `Extra` is a problem
 * of the caller's own (the chat's conversation that could not be created).
 */
export interface UploadItem<Extra = never> {
  id: string;
  file: File;
  phase: 'queued' | 'uploading' | 'sent' | 'failed' | 'refused';
  /** 0..1 while uploading; null when the browser reports no size. */
  progress: number | null;
  problem: UploadProblem | Extra | null;
  /** The stored file, once sent. */
  fileId: string | null;
  /** The status the upload answer gave, until the files list knows the file. */
  sentStatus: FileStatus | null;
}

/**
 * The file input's `accept`: the accepted extensions. A file without an extension can still be
 * dropped, or picked with the dialog's "all files".
 */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * Why `file` must not be sent, or null when it may: the accepted types by name and media type,
 * and the configured size limit (MB of 1024 x 1024 bytes). The server checks the content anyway;
 * this only spares the user a pointless upload.
 */
export function checkUpload(file: { name: string; size: number; type?: string }, maxMB: number): UploadProblem | null {
  if (!isAcceptedUpload(file)) return { kind: 'wrong-type' };
  if (isOverUploadLimit(file.size, maxMB)) return { kind: 'too-large', maxMB };
  return null;
}

/**
 * What went wrong with an upload request, by the error's code, for the item's message: too large
 * with its byte limit (the body's `limit`, so the text is in the interface language), any other
 * refusal with the server's text (an unsupported type names the file and what its content is).
 */
export function uploadProblemFrom(error: unknown): UploadProblem {
  if (!(error instanceof ApiRequestError)) return { kind: 'failed' };
  const { code } = error;
  if (code === undefined) return { kind: 'network' };
  const limit = error.body?.limit;
  if (code === 'payload_too_large' && limit?.unit === 'bytes') {
    return { kind: 'too-large', maxMB: Math.round((limit.value / BYTES_PER_MEGABYTE) * 100) / 100 };
  }
  const message = error.body?.message?.trim();
  if (!isServerFault(code) && message) return { kind: 'server', message };
  return { kind: 'failed', status: error.status };
}

/** States after which nothing more happens to an item by itself. */
const SETTLED: ReadonlyArray<FileUploadState> = ['processed', 'processing-failed', 'uploading-failed', 'error', 'success'];

export function isSettledUpload(state: FileUploadState): boolean {
  return SETTLED.includes(state);
}

/** The SPEC's upload state of one item (section 4); once sent, the files list's status, else the upload answer's. */
export function uploadState(item: UploadItem<unknown>, files: readonly CollectionFile[]): FileUploadState {
  switch (item.phase) {
    case 'queued':
      return 'idle';
    case 'uploading':
      return 'uploading';
    case 'failed':
      return 'uploading-failed';
    case 'refused':
      return 'error';
    case 'sent':
      return files.find((file) => file.fileId === item.fileId)?.status ?? item.sentStatus ?? 'uploaded';
  }
}

/**
 * The states of all items, same order: each by uploadState, and once every item is settled the
 * processed ones become `success` (the upload as a whole is done).
 */
export function uploadStates(items: ReadonlyArray<UploadItem<unknown>>, files: readonly CollectionFile[]): FileUploadState[] {
  const states = items.map((item) => uploadState(item, files));
  if (states.length > 0 && states.every(isSettledUpload)) return states.map((state) => (state === 'processed' ? 'success' : state));
  return states;
}
