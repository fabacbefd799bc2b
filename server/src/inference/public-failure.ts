import { STREAM_ERROR_CODES, type ApiErrorCode, type StreamErrorCode } from '@assistant/contracts';
import { BudgetExhaustedError } from '../usage/budget-exhausted-error';
import { AnswerTooLongError, ModelUnavailableError, UpstreamError, UpstreamTimeoutError, UpstreamUnreachableError, statusForUpstreamError } from './upstream';

/**
 * What a user is told when a service the server called (the model endpoint, a translation engine)
 * failed: a stable code and a sentence of our own. The service's own words (its error body, its
 * URL, a configuration hint) are the `reason`, for the log only. Our own timeout and length
 * messages (no internals: the service's name and the configured limit) are kept.
 */

/** Who failed, as the user's sentence names it. */
export type FailedService = 'the language model' | 'the translation engine' | 'the transcription model' | 'the text-to-speech model';

/** An upstream failure before any answer was sent: the HTTP status, code and message, and the reason to log. */
export function upstreamFailureReply(
  error: UpstreamError,
  what: string,
  service: FailedService,
  options: { unreachableIs503?: boolean; noModelMessage?: string } = {},
): { status: 502 | 503 | 504; code: ApiErrorCode; message: string; reason: string } {
  const status = statusForUpstreamError(error, options);
  const reason = error.message;
  if (status === 504) return { status, code: 'upstream_timeout', message: `${what} failed: ${error.message}`, reason };
  if (status === 503) return { status, code: 'model_unavailable', message: options.noModelMessage ?? STREAM_ERROR_CODES.model_unavailable, reason };
  return { status, code: 'upstream_failed', message: `${what} failed: ${service} reported an error`, reason };
}

/**
 * A failure while a model's answer streamed, as the stream's `error` event says it (a code of
 * STREAM_ERROR_CODES and words without internals), with the reason for the log. `what` names the
 * work ("The answer").
 */
export function describeStreamFailure(error: unknown, what: string): { code: StreamErrorCode; message: string; reason: string } {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof BudgetExhaustedError) return { code: 'budget_exhausted', message: error.message, reason };
  if (error instanceof UpstreamTimeoutError) return { code: 'timeout', message: error.message, reason };
  if (error instanceof AnswerTooLongError) return { code: 'answer_too_long', message: error.message, reason };
  if (error instanceof ModelUnavailableError || error instanceof UpstreamUnreachableError) {
    return { code: 'model_unavailable', message: STREAM_ERROR_CODES.model_unavailable, reason };
  }
  if (error instanceof UpstreamError) {
    return error.status === 429
      ? { code: 'rate_limited', message: `${what} failed: the language model is receiving too many requests; try again shortly`, reason }
      : { code: 'upstream_failed', message: `${what} failed: the language model reported an error`, reason };
  }
  return { code: 'internal', message: STREAM_ERROR_CODES.internal, reason };
}
