import { STREAM_ERROR_CODES, type StreamErrorCode } from '@assistant/contracts';
import { AnswerTooLongError, ModelUnavailableError, UpstreamError, UpstreamTimeoutError, UpstreamUnreachableError } from './upstream';

/**
 * A failure while a model's answer streamed, as the stream's `error` event says it (a code and
 * words without internals), with the reason for the log. `what` names the work ("The answer").
 */
export function describeStreamFailure(error: unknown, what: string): { code: StreamErrorCode; message: string; reason: string } {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof UpstreamTimeoutError) return { code: 'timeout', message: error.message, reason };
  if (error instanceof AnswerTooLongError) return { code: 'answer_too_long', message: error.message, reason };
  if (error instanceof ModelUnavailableError || error instanceof UpstreamUnreachableError) {
    return { code: 'model_unavailable', message: STREAM_ERROR_CODES.model_unavailable, reason };
  }
  if (error instanceof UpstreamError) {
    return { code: error.status === 429 ? 'rate_limited' : 'upstream_failed', message: `${what} failed: ${error.message}`, reason };
  }
  return { code: 'internal', message: STREAM_ERROR_CODES.internal, reason };
}
