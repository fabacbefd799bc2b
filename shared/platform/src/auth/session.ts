import type { User } from 'oidc-client-ts';

/** SPEC section 9: a stored expiry at or below this value makes the session invalid. */
export const INVALID_SESSION_THRESHOLD = 600;
/** SPEC section 9: silent request timeout, also the timeout of every call to the identity provider. */
export const SILENT_REQUEST_TIMEOUT_SECONDS = 10;
/** SPEC section 9: silent renew starts this long before the access token expires. */
export const TOKEN_EXPIRING_NOTICE_SECONDS = 60;
/** SPEC section 9: the session monitor asks the check-session frame this often. */
export const SESSION_CHECK_INTERVAL_SECONDS = 2;

/**
 * The invalid-session rule of SPEC section 4: no user, an expired user, or `expires_at` at or below
 * 600. A user without `expires_at` counts as invalid too: its expiry cannot be known.
 */
export function isSessionInvalid(user: Pick<User, 'expired' | 'expires_at'> | null | undefined): boolean {
  if (!user) return true;
  if (user.expired === true) return true;
  return (user.expires_at ?? 0) <= INVALID_SESSION_THRESHOLD;
}

/** Where oidc-client-ts's WebStorageStateStore (prefix "oidc.") persists the user. */
export function userStoreKey(authority: string, clientId: string): string {
  return `oidc.user:${authority}:${clientId}`;
}
