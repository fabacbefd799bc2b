import { isRefusedRequest, type Locale } from '@assistant/contracts';
import { ApiRequestError, errorMessageText } from '@assistant/platform';
import type { TFunction } from 'i18next';

export type AgentFailureKind = 'forbidden' | 'not-found' | 'invalid' | 'other';

export interface AgentFailure {
  kind: AgentFailureKind;
  /** Readable text in the interface language (a 400 carries the server's own message). */
  message: string;
}

/**
 * The agent calls answer `forbidden` (a company agent changed by a non-administrator), `not_found`
 * (gone, or another user's) and a refused request (`isRefusedRequest`) with `{ message }` (a
 * document or form the server refuses). Anything else (network, timeout, server error, session)
 * gets the platform's text for it.
 */
export function describeAgentError(error: unknown, t: TFunction, language: Locale): AgentFailure {
  if (error instanceof ApiRequestError) {
    const serverMessage = error.body?.message?.trim();
    const { code } = error;
    if (code === 'forbidden') return { kind: 'forbidden', message: t('errors.forbidden') };
    if (code === 'not_found') return { kind: 'not-found', message: t('errors.notFound') };
    if (isRefusedRequest(code) && serverMessage) return { kind: 'invalid', message: t('errors.invalid', { message: serverMessage }) };
  }
  return { kind: 'other', message: errorMessageText(error, language) };
}
