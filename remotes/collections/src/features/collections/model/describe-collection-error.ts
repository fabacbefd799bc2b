import type { Locale } from '@assistant/contracts';
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
 * The collection calls answer 403 (a company collection changed by a non-administrator), 404 (it
 * no longer exists, or is someone else's) and 400 with `{ message }` (a name the server refuses).
 * Anything else (network, timeout, server error, session) gets the platform's text for it.
 */
export function describeCollectionError(error: unknown, t: TFunction, language: Locale): CollectionFailure {
  if (error instanceof ApiRequestError) {
    const serverMessage = error.body?.message?.trim();
    switch (error.status) {
      case 403:
        return { kind: 'forbidden', message: t('list.errors.forbidden') };
      case 404:
        return { kind: 'not-found', message: t('list.errors.notFound') };
      case 400:
        if (serverMessage) return { kind: 'invalid', message: t('list.errors.invalid', { message: serverMessage }) };
        break;
      default:
        break;
    }
  }
  return { kind: 'other', message: errorMessageText(error, language) };
}
