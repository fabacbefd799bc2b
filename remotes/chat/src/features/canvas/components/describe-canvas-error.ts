import type { Locale } from '@assistant/contracts';
import { ApiRequestError, errorMessageText } from '@assistant/platform';
import type { TFunction } from 'i18next';

/**
 * Readable text for a failed canvas call, by its code (never the server's message): gone
 * (`not_found`), a newer version elsewhere (`conflict`), too long (`payload_too_large` with its
 * limit); anything else (network, timeout, session, server error) gets the platform's text.
 */
export function describeCanvasError(t: TFunction, error: unknown, language: Locale): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'not_found') return t('canvas.errors.not_found');
    if (error.code === 'conflict') return t('canvas.errors.conflict');
    const limit = (error.body as { limit?: { value?: number } } | undefined)?.limit?.value;
    if (error.code === 'payload_too_large') return t('canvas.errors.payload_too_large', { limit: limit?.toLocaleString(language) ?? '' });
  }
  return errorMessageText(error, language);
}
