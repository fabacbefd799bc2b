import { isRefusedRequest, type Locale } from '@assistant/contracts';
import { ApiRequestError, errorMessageText } from '@assistant/platform';

/** Why an export or import call failed, in words: the server's own reason for a refused request (it names the part of the file), else the platform's. */
export function failureText(error: unknown, language: Locale): string {
  const serverMessage = error instanceof ApiRequestError && isRefusedRequest(error.code) ? error.body?.message?.trim() : undefined;
  return serverMessage || errorMessageText(error, language);
}
