import {
  BYTES_PER_MEGABYTE,
  apiErrorCodeOf,
  isAcceptedUpload,
  isOverUploadLimit,
  type CollectionFile,
  type FileStatus,
  type FileUploadState,
} from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';

/** Why an attachment did not reach the server, or was not sent at all. */
export type AttachmentProblem =
  /** Refused by the browser before sending, with the same rules as the collections (contracts upload.ts). */
  | { kind: 'too-large'; maxMB: number }
  | { kind: 'wrong-type' }
  /** The conversation it goes to could not be created. */
  | { kind: 'no-conversation' }
  /** The server refused it with a message of its own (413, 415, other 4xx). */
  | { kind: 'server'; message: string }
  /** No answer: network down, timeout. */
  | { kind: 'network' }
  | { kind: 'failed'; status?: number };

/**
 * A file the user attached in the composer. `phase` is the browser's part; from 'sent' on the
 * server's file status (the conversation's files list) decides its state.
 */
export interface AttachmentItem {
  id: string;
  file: File;
  phase: 'queued' | 'uploading' | 'sent' | 'failed' | 'refused';
  /** 0..1 while uploading; null when the browser reports no size. */
  progress: number | null;
  problem: AttachmentProblem | null;
  /** The stored file's id, once sent: what the message payload's `attachments` carries. */
  fileId: string | null;
  /** The status the upload answer gave, until the files list knows the file. */
  sentStatus: FileStatus | null;
}

/** Why `file` must not be sent (the collections' rules: accepted types, the configured size limit), or null. */
export function checkAttachment(file: { name: string; size: number; type?: string }, maxMB: number): AttachmentProblem | null {
  if (!isAcceptedUpload(file)) return { kind: 'wrong-type' };
  if (isOverUploadLimit(file.size, maxMB)) return { kind: 'too-large', maxMB };
  return null;
}

/** What went wrong with an upload request: a 413 with its byte limit, other 4xx with the server's text. */
export function attachmentProblemFrom(error: unknown): AttachmentProblem {
  if (!(error instanceof ApiRequestError)) return { kind: 'failed' };
  if (error.status === undefined) return { kind: 'network' };
  const limit = error.body?.limit;
  if (apiErrorCodeOf(error.status, error.body) === 'payload_too_large' && limit?.unit === 'bytes') {
    return { kind: 'too-large', maxMB: Math.round((limit.value / BYTES_PER_MEGABYTE) * 100) / 100 };
  }
  const message = error.body?.message?.trim();
  if (error.status >= 400 && error.status < 500 && message) return { kind: 'server', message };
  return { kind: 'failed', status: error.status };
}

/** The server's status of a sent item: the files list's, else the upload answer's. */
function serverStatus(item: AttachmentItem, files: readonly CollectionFile[]): FileStatus {
  return files.find((file) => file.fileId === item.fileId)?.status ?? item.sentStatus ?? 'uploaded';
}

/**
 * The SPEC's upload state of one attachment (section 4): idle (waiting its turn), uploading,
 * uploading-failed, error (refused before sending), then the server's uploaded, processing,
 * processing-failed, processed; `success` once it is processed and every other attachment has
 * settled too (the attachments as a whole are ready).
 */
export function attachmentStates(items: readonly AttachmentItem[], files: readonly CollectionFile[]): FileUploadState[] {
  const states = items.map((item): FileUploadState => {
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
        return serverStatus(item, files);
    }
  });
  if (states.length > 0 && states.every((state) => !IN_PROGRESS.includes(state))) return states.map((state) => (state === 'processed' ? 'success' : state));
  return states;
}

/** States in which an attachment is still on its way (sending waits for them). */
export const IN_PROGRESS: ReadonlyArray<FileUploadState> = ['idle', 'uploading', 'uploaded', 'processing'];
/** States of an attachment that will not be part of the answer (remove or retry it). */
export const FAILED: ReadonlyArray<FileUploadState> = ['uploading-failed', 'processing-failed', 'error'];

/** Whether the message may be sent with these attachments, and if not, why. */
export function attachmentsReadiness(states: readonly FileUploadState[]): 'ready' | 'in-progress' | 'failed' {
  if (states.some((state) => IN_PROGRESS.includes(state))) return 'in-progress';
  if (states.some((state) => FAILED.includes(state))) return 'failed';
  return 'ready';
}
