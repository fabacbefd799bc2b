import type { User } from 'oidc-client-ts';

/** SPEC section 9: a stored expiry at or below this value makes the session invalid. */
export const INVALID_SESSION_THRESHOLD = 600;

/**
 * The invalid-session rule of SPEC section 4: no user, an expired user, or `expires_at` at or below
 * 600. A user without `expires_at` counts as invalid too: its expiry cannot be known.
 */
export function isSessionInvalid(user: Pick<User, 'expired' | 'expires_at'> | null | undefined): boolean {
  if (!user) return true;
  if (user.expired === true) return true;
  return (user.expires_at ?? 0) <= INVALID_SESSION_THRESHOLD;
}
