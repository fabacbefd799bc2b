/**
 * Retries of a silent renew that failed because the identity provider could not be reached.
 * oidc-client-ts retries a timeout after 5 s (SPEC section 9) but gives up on any other error; a
 * provider that is down answers with a network error (or a 5xx), which must not end the session
 * while the access token is still good. The portal retries those itself: after 5 s, 5 s, 10 s,
 * 20 s, then every 30 s, until a renew succeeds or the user signs out.
 */
export const RENEW_RETRY_DELAYS_SECONDS = [5, 5, 10, 20, 30] as const;

/** The wait before retry number `attempt` (0 for the first retry). */
export function renewRetryDelaySeconds(attempt: number): number {
  const delays = RENEW_RETRY_DELAYS_SECONDS;
  return delays[Math.min(Math.max(attempt, 0), delays.length - 1)]!;
}

/** A renew refused because the subject changed (SPEC section 4: login_required). */
export class SubjectChangedError extends Error {
  override readonly name = 'SubjectChangedError';

  constructor() {
    super('login_required: the subject changed during silent renew');
  }
}
