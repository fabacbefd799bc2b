import type { Auth } from '../auth/auth';
import type { Analytics } from './analytics';
import type { Observability } from './faro';

/** Calls `onUser` with the signed-in user's subject now and on every change (null on sign-out). */
function followUser(auth: Auth, onUser: (subject: string | null) => void): () => void {
  const offs = [auth.on('user-loaded', (user) => onUser(user.profile.sub)), auth.on('user-unloaded', () => onUser(null))];
  void auth.getUser().then((user) => (user ? onUser(user.profile.sub) : undefined));
  return () => offs.forEach((off) => off());
}

/**
 * Start-up step 3 (SPEC section 4): analytics follows the signed-in user. The id given to
 * analytics is the user's subject, hashed with the salt inside identify(); sign-out resets it.
 */
export function trackUserInAnalytics(analytics: Analytics, auth: Auth): () => void {
  return followUser(auth, (subject) => void analytics.identify(subject));
}

/** The same for Faro: the user is set by the same salted hash, never the raw id. */
export function trackUserInObservability(observability: Observability, auth: Auth): () => void {
  return followUser(auth, (subject) => void observability.setUser(subject));
}
