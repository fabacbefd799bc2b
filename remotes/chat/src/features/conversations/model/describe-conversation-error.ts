import { isRefusedRequest, type Locale } from '@assistant/contracts';
import { ApiRequestError, errorMessageText } from '@assistant/platform';
import type { TFunction } from 'i18next';

export type ConversationFailureKind = 'not-found' | 'invalid' | 'other';

export interface ConversationFailure {
  kind: ConversationFailureKind;
  /** Readable text in the interface language (a 400 carries the server's own message). */
  message: string;
}

/**
 * The conversation calls answer `not_found` (gone, or someone else's) and a refused request
 * (`isRefusedRequest`) with `{ message }` (a name refused). Anything else (network, timeout, server error, session, a 429 with when to try again)
 * gets the platform's text.
 */
export function describeConversationError(error: unknown, t: TFunction, language: Locale): ConversationFailure {
  if (error instanceof ApiRequestError) {
    if (error.code === 'not_found') return { kind: 'not-found', message: t('conversations.errors.notFound') };
    const serverMessage = error.body?.message?.trim();
    if (isRefusedRequest(error.code) && serverMessage) return { kind: 'invalid', message: t('conversations.errors.invalid', { message: serverMessage }) };
  }
  return { kind: 'other', message: errorMessageText(error, language) };
}
