import { getAuth, isSessionInvalid } from '@assistant/platform';
import type { LoaderFunctionArgs } from '@assistant/routing';

/**
 * The route guard (SPEC section 2): every route under the shell first loads the user; with an
 * invalid session the location (path, query, hash) is saved and the user is sent to sign-in.
 * The loader then never settles: the page is leaving for the identity provider.
 *
 * An expired session that still has a refresh token is renewed first (getAccessToken), without
 * leaving the page. Two exceptions to the redirect: during sign-out nothing starts a sign-in (the page is leaving for the
 * provider's sign-out); and when the session expired while the provider could not be reached,
 * the page stays (its notice offers the sign-in, so nothing on the screen is lost to a redirect
 * to a provider that does not answer).
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  const auth = getAuth();
  const user = await auth.getUser();
  if (!isSessionInvalid(user)) return null;
  // Expired with a refresh token (a tab left open, a laptop woken up): renew first, no round trip.
  if (user?.expired && user.refresh_token && !auth.isSigningOut() && (await auth.getAccessToken()) !== null) return null;
  if (auth.isSigningOut()) return new Promise<null>(() => undefined);
  if (!auth.mayRedirectToSignIn()) {
    auth.reportMissingToken();
    return null;
  }
  const url = new URL(request.url);
  // A loader's request carries no fragment; the browser's location has it for the page being entered.
  const hash = window.location.pathname === url.pathname ? window.location.hash : '';
  await auth.signIn({ pathname: url.pathname, search: url.search, hash });
  return new Promise<null>(() => undefined);
}
