import type { Locale } from '@assistant/contracts';
import { ApiRequestError, errorMessageText } from '@assistant/platform';
import type { TFunction } from 'i18next';

export type AgentFailureKind = 'forbidden' | 'not-found' | 'invalid' | 'other';

export interface AgentFailure {
  kind: AgentFailureKind;
  /** Readable text in the interface language (a 400 carries the server's own message). */
  message: string;
}

/**
 * The agent calls answer 403 (a company agent changed by a non-administrator), 404 (gone, or
 * another user's) and 400 with `{ message }` (a document or form the server refuses). Anything
 * else (network, timeout, server error, session) gets the platform's text for it.
 */
export function describeAgentError(error: unknown, t: TFunction, language: Locale): AgentFailure {
  if (error instanceof ApiRequestError) {
    const serverMessage = error.body?.message?.trim();
    if (error.status === 403) return { kind: 'forbidden', message: t('errors.forbidden') };
    if (error.status === 404) return { kind: 'not-found', message: t('errors.notFound') };
    if (error.status === 400 && serverMessage) return { kind: 'invalid', message: t('errors.invalid', { message: serverMessage }) };
  }
  return { kind: 'other', message: errorMessageText(error, language) };
}
