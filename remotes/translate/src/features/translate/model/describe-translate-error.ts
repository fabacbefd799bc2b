import { apiErrorCodeOf, type Locale } from '@assistant/contracts';
import { ApiRequestError, errorMessageText } from '@assistant/platform';

/** What went wrong with a translate call, for the screen (texts under `error.<kind>`). */
export type TranslateFailureKind = 'bad-request' | 'engine-unavailable' | 'too-long' | 'engine-failed' | 'timeout' | 'other';

export interface TranslateFailure {
  kind: TranslateFailureKind;
  /** The server's own message (`message` of its error body), or the platform's text for the error. */
  detail: string | undefined;
  /** A lower character limit the server sent with its 413 (`limit` of the body, in characters). */
  limit?: number;
}

/**
 * The server answers with the API error body (apiErrorSchema): its `code` says what went wrong
 * (validation_failed, unsupported_language, not_found, payload_too_large with `limit`,
 * upstream_failed, upstream_timeout; docs/contracts.md), the status when another server sends
 * no code. The message is for people and only shown, never read. Anything else (network,
 * session, 429, invalid answer) gets the platform's message for it.
 */
export function describeTranslateError(error: unknown, language: Locale): TranslateFailure {
  if (error instanceof ApiRequestError) {
    const detail = error.body?.message;
    if (error.timedOut) return { kind: 'timeout', detail };
    switch (apiErrorCodeOf(error.status, error.body)) {
      case 'upstream_timeout':
        return { kind: 'timeout', detail };
      case 'validation_failed':
      case 'bad_request':
      case 'unsupported_language':
        return { kind: 'bad-request', detail };
      case 'not_found':
      case 'model_unavailable':
      case 'service_unavailable':
        return { kind: 'engine-unavailable', detail };
      case 'payload_too_large': {
        const limit = error.body?.limit;
        return limit?.unit === 'characters' ? { kind: 'too-long', detail, limit: limit.value } : { kind: 'too-long', detail };
      }
      case 'upstream_failed':
        return { kind: 'engine-failed', detail };
      default:
        break;
    }
  }
  return { kind: 'other', detail: errorMessageText(error, language) };
}
