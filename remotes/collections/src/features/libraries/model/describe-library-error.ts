import { isRefusedRequest, type Locale } from '@assistant/contracts';
import { OAuthPopupError } from '@assistant/endpoints';
import { ApiRequestError, errorMessageText } from '@assistant/platform';
import type { TFunction } from 'i18next';
import { isConnectField, type ConnectField } from './connect-form';

/** Why a library call failed, for the screen: at one field of the form, or for the whole of it. */
export interface LibraryFailure {
  field: ConnectField | null;
  message: string;
  /** The connection or binding no longer exists (or is someone else's). */
  gone: boolean;
  /** A refusal the library calls answer by design; anything else (a bug, the network) is worth a log line. */
  expected: boolean;
}

/** The server's own words, when it sent some: they name the refused host or the library's answer. */
const serverMessage = (error: ApiRequestError) => error.body?.message?.trim() ?? '';

/**
 * The answers of the library calls (docs/document-libraries.md): a refused request (400: the
 * address is not allowed, or a field the server refused, named by its issue path), the library
 * refusing the sign-in (502 while connecting) or answering garbage (502), or not answering (504), a company library
 * changed by a non-administrator (403), a connection or binding that is gone (404), a library
 * connected or a folder bound already (409), Microsoft 365 not set up (501), document libraries
 * switched off on the server (503). Anything else (network, timeout, server error, session) gets the platform's text.
 */
export function describeLibraryError(error: unknown, t: TFunction, language: Locale, during: 'sign-in' | 'use' = 'use'): LibraryFailure {
  const failure = (message: string, field: ConnectField | null = null, gone = false): LibraryFailure => ({ field, message, gone, expected: true });
  const unexpected = (): LibraryFailure => ({ ...failure(errorMessageText(error, language)), expected: false });
  if (!(error instanceof ApiRequestError)) return unexpected();
  const detail = serverMessage(error);
  const withDetail = (key: string) => (detail ? t(`${key}Detail`, { message: detail }) : t(key));
  const code = error.code;
  if (isRefusedRequest(code)) {
    // The server's issue paths start with where the value was ('body', 'url').
    const field = error.body?.issues?.flatMap((issue) => issue.path).find(isConnectField) ?? 'url';
    return field === 'url' ? failure(withDetail('libraries.errors.refusedHost'), 'url') : failure(withDetail('libraries.errors.refusedField'), field);
  }
  switch (code) {
    case 'upstream_failed':
      return failure(withDetail(during === 'sign-in' ? 'libraries.errors.libraryRefused' : 'libraries.errors.libraryFailed'));
    case 'upstream_timeout':
      return failure(t('libraries.errors.libraryTimeout'));
    case 'forbidden':
      return failure(t('libraries.errors.forbidden'));
    case 'not_found':
      return failure(t('libraries.errors.notFound'), null, true);
    case 'conflict':
      return failure(during === 'sign-in' ? withDetail('libraries.errors.connectedAlready') : t('libraries.errors.conflict'));
    case 'not_implemented':
      return failure(t('libraries.errors.microsoftUnavailable'));
    case 'service_unavailable':
      return failure(t('libraries.errors.unavailable'));
    default:
      return unexpected();
  }
}

/** A connect or sign-in that failed: the Microsoft popup's own failures (blocked, closed, refused) or the API's. */
export function describeSignInFailure(error: unknown, t: TFunction, language: Locale): LibraryFailure {
  if (error instanceof OAuthPopupError) {
    return { field: null, message: t(`libraries.connect.microsoft.problems.${error.reason}`, { message: error.message }), gone: false, expected: true };
  }
  return describeLibraryError(error, t, language, 'sign-in');
}
