import { STREAM_ERROR_CODES, type StreamErrorCode } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';

/** The `conversation.errors.*` key for a failed exchange: a stream error code (the contract's) or a thrown error. */
export type SendErrorKey = StreamErrorCode | 'network' | 'ended';

/** A stream `error` event's code; unknown codes read like "internal" (contracts: stream-envelope.ts). */
export function errorKeyForCode(code: string): SendErrorKey {
  return Object.hasOwn(STREAM_ERROR_CODES, code) ? (code as StreamErrorCode) : 'internal';
}

/** A call that failed before the stream started (docs/chat.md "Sending a message"). */
export function errorKeyForFailure(error: unknown): SendErrorKey {
  if (!(error instanceof ApiRequestError)) return 'internal';
  if (error.timedOut || error.status === 504) return 'timeout';
  if (error.status === undefined) return 'network';
  if (error.status === 503) return 'model_unavailable';
  if (error.status === 429) return 'rate_limited';
  if (error.status === 413) return 'input_too_long';
  if (error.status === 502) return 'upstream_failed';
  return 'internal';
}
