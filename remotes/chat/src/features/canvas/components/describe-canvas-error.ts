import type { Locale } from '@assistant/contracts';
import { ApiRequestError, errorMessageText } from '@assistant/platform';
import type { TFunction } from 'i18next';

/**
 * Readable text for a failed canvas call, by its status (never the server's message): gone (404),
 * a newer version elsewhere (409), too long (413 with its limit); anything else (network, timeout,
 * session, server error) gets the platform's text.
 */
export function describeCanvasError(t: TFunction, error: unknown, language: Locale): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return t('canvas.errors.not_found');
    if (error.status === 409) return t('canvas.errors.conflict');
    const limit = (error.body as { limit?: { value?: number } } | undefined)?.limit?.value;
    if (error.status === 413) return t('canvas.errors.payload_too_large', { limit: limit?.toLocaleString(language) ?? '' });
  }
  return errorMessageText(error, language);
}
