import { ApiRequestError, errorMessageText } from '@assistant/platform';
import type { Locale } from '@assistant/contracts';
import { limitFromMessage } from '../model/limit-from-message';

/** What went wrong with a translate call, for the screen (texts under `error.<kind>`). */
export type TranslateFailureKind = 'bad-request' | 'engine-unavailable' | 'too-long' | 'engine-failed' | 'timeout' | 'other';

export interface TranslateFailure {
  kind: TranslateFailureKind;
  /** The server's own message (`message` of its error body), or the platform's text for the error. */
  detail: string | undefined;
  /** A lower character limit the server named in a 413. */
  limit?: number;
}

/**
 * The server answers 400 (bad input, unsupported language), 404 (engine unavailable), 413 (too
 * long; the message names the limit), 502 (engine failed), 504 (timeout), each with
 * `{statusCode, error, message}`. Anything else (network, session, invalid answer) gets the
 * platform's message for it.
 */
export function describeTranslateError(error: unknown, sentLength: number, language: Locale): TranslateFailure {
  if (error instanceof ApiRequestError) {
    const serverMessage = error.body?.message;
    if (error.timedOut || error.status === 504) return { kind: 'timeout', detail: serverMessage };
    switch (error.status) {
      case 400:
        return { kind: 'bad-request', detail: serverMessage };
      case 404:
        return { kind: 'engine-unavailable', detail: serverMessage };
      case 413:
        return { kind: 'too-long', detail: serverMessage, limit: limitFromMessage(serverMessage, sentLength) };
      case 502:
        return { kind: 'engine-failed', detail: serverMessage };
      default:
        break;
    }
  }
  return { kind: 'other', detail: errorMessageText(error, language) };
}
