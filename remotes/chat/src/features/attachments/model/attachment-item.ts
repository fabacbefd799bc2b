import type { FileUploadState } from '@assistant/contracts';
import { uploadProblemFrom, type UploadItem, type UploadProblem } from '@assistant/platform';

/** The conversation an attachment goes to could not be created: the chat's own upload problem. */
export interface NoConversation {
  kind: 'no-conversation';
}

/** Why an attachment did not reach the server, or was not sent at all. */
export type AttachmentProblem = UploadProblem | NoConversation;

/**
 * A file the user attached in the composer: an upload item (the platform's queue) whose
 * conversation may be missing.
 */
export type AttachmentItem = UploadItem<NoConversation>;

/** Thrown by the attachment's upload when no conversation could be created for it. */
export class NoConversationError extends Error {
  override readonly name = 'NoConversationError';
}

/** What went wrong with an attachment's upload: the missing conversation, else as any upload. */
export function attachmentProblemFrom(error: unknown): AttachmentProblem {
  return error instanceof NoConversationError ? { kind: 'no-conversation' } : uploadProblemFrom(error);
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
