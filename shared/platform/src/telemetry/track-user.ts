import type { Auth } from '../auth/auth';
import type { Analytics } from './analytics';

/**
 * Start-up step 3 (SPEC section 4): analytics follows the signed-in user. The id given to
 * analytics is the user's subject, hashed with the salt inside identify(); sign-out resets it.
 */
export function trackUserInAnalytics(analytics: Analytics, auth: Auth): () => void {
  const offs = [
    auth.on('user-loaded', (user) => void analytics.identify(user.profile.sub)),
    auth.on('user-unloaded', () => void analytics.identify(null)),
  ];
  void auth.getUser().then((user) => (user ? analytics.identify(user.profile.sub) : undefined));
  return () => offs.forEach((off) => off());
}
