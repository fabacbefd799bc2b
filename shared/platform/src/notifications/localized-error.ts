/**
 * An error whose message is already written for the user in the interface language (for example
 * the readable message of a stream's error event). notifyError shows it as it is.
 */
export class LocalizedError extends Error {
  override readonly name = 'LocalizedError';
  readonly localized = true as const;
}

export function isLocalizedError(error: unknown): error is LocalizedError {
  return error instanceof LocalizedError || (error instanceof Error && (error as { localized?: unknown }).localized === true);
}
