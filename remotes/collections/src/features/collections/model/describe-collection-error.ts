import { isRefusedRequest, type Locale } from '@assistant/contracts';
import { ApiRequestError, errorMessageText } from '@assistant/platform';
import type { TFunction } from 'i18next';

/** What went wrong with a collection call, for the screen. */
export type CollectionFailureKind = 'forbidden' | 'not-found' | 'invalid' | 'other';

export interface CollectionFailure {
  kind: CollectionFailureKind;
  /** Readable text in the interface language (a 400 carries the server's own message). */
  message: string;
}

/**
 * The collection calls answer `forbidden` (a company collection changed by a non-administrator),
 * `not_found` (it no longer exists, or is someone else's) and a refused request
 * (`isRefusedRequest`) with `{ message }` (a name the server refuses).
 * Anything else (network, timeout, server error, session) gets the platform's text for it.
 */
export function describeCollectionError(error: unknown, t: TFunction, language: Locale): CollectionFailure {
  if (error instanceof ApiRequestError) {
    const serverMessage = error.body?.message?.trim();
    if (error.code === 'forbidden') return { kind: 'forbidden', message: t('list.errors.forbidden') };
    if (error.code === 'not_found') return { kind: 'not-found', message: t('list.errors.notFound') };
    if (isRefusedRequest(error.code) && serverMessage) return { kind: 'invalid', message: t('list.errors.invalid', { message: serverMessage }) };
  }
  return { kind: 'other', message: errorMessageText(error, language) };
}
