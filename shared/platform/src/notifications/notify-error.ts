import { isDeveloperModeOn } from '../developer/use-developer-mode';
import { ApiRequestError, RequestAbortedError } from '../http/errors';
import { currentLanguage } from '../i18n/i18n';
import { errorMessageText } from './error-messages';
import { isLocalizedError } from './localized-error';
import { useNotificationsStore, type NotifyInput } from './notifications-store';

/**
 * Shows an error as an error notification (SPEC section 8): a LocalizedError with its own message;
 * any other error by its message key in the error-message map of the interface language, with its
 * values filled in (a 429 says in how many seconds to try again), and the map's default entry for
 * unknown keys. An abort the user asked for is not an error and shows
 * nothing (returns undefined). The technical error is logged to the console. In developer mode a
 * failed call's notification also carries the server's request id (docs/developer-mode.md).
 */
export function notifyError(error: unknown, options: Omit<NotifyInput, 'message'> = {}): string | undefined {
  if (error instanceof RequestAbortedError) return undefined;
  const text = isLocalizedError(error) ? error.message : errorMessageText(error, currentLanguage());
  if (!isLocalizedError(error)) console.error(error);
  const requestId = error instanceof ApiRequestError && error.requestId && isDeveloperModeOn() ? error.requestId : undefined;
  return useNotificationsStore.getState().notify('error', { ...options, message: { text }, ...(requestId ? { requestId } : {}) });
}
