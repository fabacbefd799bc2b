import { STREAM_ERROR_CODES, type StreamErrorCode } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';

/** The `conversation.errors.*` key for a failed exchange: a stream error code (the contract's) or a thrown error. */
export type SendErrorKey = StreamErrorCode | 'network' | 'ended' | 'forbidden' | 'images_not_supported';

/** A stream `error` event's code; unknown codes read like "internal" (contracts: stream-envelope.ts). */
export function errorKeyForCode(code: string): SendErrorKey {
  return Object.hasOwn(STREAM_ERROR_CODES, code) ? (code as StreamErrorCode) : 'internal';
}

/**
 * A call that failed before the stream started (docs/chat.md "Sending a message"): by the error's
 * `code` (docs/contracts.md; the status's default when another server sends none).
 */
export function errorKeyForFailure(error: unknown): SendErrorKey {
  if (!(error instanceof ApiRequestError)) return 'internal';
  if (error.timedOut) return 'timeout';
  switch (error.code) {
    case undefined:
      return 'network';
    // Refused for this user, for example a deep research with its flag off.
    case 'forbidden':
      return 'forbidden';
    // Images for a model that takes none (docs/chat.md "Images"): another model, or no images.
    case 'images_not_supported':
      return 'images_not_supported';
    case 'upstream_timeout':
      return 'timeout';
    case 'model_unavailable':
    case 'service_unavailable':
      return 'model_unavailable';
    case 'rate_limited':
      return 'rate_limited';
    // The monthly budget is used up: said with the day it resets (the platform's text), no retry.
    case 'budget_exhausted':
      return 'budget_exhausted';
    case 'payload_too_large':
      return 'input_too_long';
    case 'upstream_failed':
      return 'upstream_failed';
    default:
      return 'internal';
  }
}

/** Whether the same message sent again may be answered: not before a used-up budget resets. */
export function canRetry(key: SendErrorKey): boolean {
  return key !== 'budget_exhausted' && key !== 'images_not_supported';
}
