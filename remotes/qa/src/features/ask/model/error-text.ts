/** Stream and API error codes this screen words itself; any other code reads as a general failure. */
const WORDED = ['model_unavailable', 'upstream_failed', 'timeout', 'upstream_timeout', 'rate_limited', 'input_too_long', 'validation_failed', 'not_found', 'ended'] as const;

/** The i18n key of the reason an answer failed, by the stream's or the API's error code. */
export function errorTextKey(code: string | undefined): string {
  return (WORDED as readonly string[]).includes(code ?? '') ? `errors.${code}` : 'errors.failed';
}

/** Whether asking the same again may be answered: not before a used-up budget resets. */
export function canRetry(code: string | undefined): boolean {
  return code !== 'budget_exhausted';
}
