import { BYTES_PER_MEGABYTE, IMAGE_MAX_BYTES, IMAGE_MAX_PER_MESSAGE, isImageFile, isOverImageLimit, type FileUploadState } from '@assistant/contracts';
import { uploadProblemFrom, type UploadItem, type UploadProblem } from '@assistant/platform';

/** The conversation an attachment goes to could not be created: the chat's own upload problem. */
export interface NoConversation {
  kind: 'no-conversation';
}

/** More images than one question may carry (IMAGE_MAX_PER_MESSAGE): the extra ones are not sent. */
export interface TooManyImages {
  kind: 'too-many-images';
  max: number;
}

/** Why an attachment did not reach the server, or was not sent at all. */
export type AttachmentProblem = UploadProblem | NoConversation | TooManyImages;

/**
 * A file the user attached in the composer: an upload item (the platform's queue) whose
 * conversation may be missing.
 */
export type AttachmentItem = UploadItem<NoConversation | TooManyImages>;

/** Thrown by the attachment's upload when no conversation could be created for it. */
export class NoConversationError extends Error {
  override readonly name = 'NoConversationError';
}

/**
 * The composer's own rule for an image (docs/chat.md "Images"): the contract's image types up to
 * IMAGE_MAX_BYTES, at most IMAGE_MAX_PER_MESSAGE of them (`imagesBefore`: those already attached);
 * undefined for any other file, which the usual upload rules check.
 */
export function checkImage(file: File, imagesBefore: number): UploadProblem | TooManyImages | null | undefined {
  if (!isImageFile(file)) return undefined;
  if (isOverImageLimit(file.size)) return { kind: 'too-large', maxMB: IMAGE_MAX_BYTES / BYTES_PER_MEGABYTE };
  if (imagesBefore >= IMAGE_MAX_PER_MESSAGE) return { kind: 'too-many-images', max: IMAGE_MAX_PER_MESSAGE };
  return null;
}

/** What went wrong with an attachment's upload: the missing conversation, else as any upload. */
export function attachmentProblemFrom(error: unknown): NoConversation | UploadProblem {
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
