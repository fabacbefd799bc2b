import { getAuth, isSessionInvalid } from '@assistant/platform';
import { useLocation } from '@assistant/routing';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** The part of a location the guard reads (the router's location, or window.location). */
export interface GuardedLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The route guard (SPEC section 2): every route under the shell first loads the user; with an
 * invalid session the location (path, query, hash) is saved and the user is sent to sign-in.
 * The check then never settles: the page is leaving for the identity provider.
 *
 * An expired session that still has a refresh token is renewed first (getAccessToken), without
 * leaving the page. Two exceptions to the redirect: during sign-out nothing starts a sign-in (the page is leaving for the
 * provider's sign-out); and when the session expired while the provider could not be reached,
 * the page stays (its notice offers the sign-in, so nothing on the screen is lost to a redirect
 * to a provider that does not answer).
 */
export async function requireSession(location: GuardedLocation): Promise<null> {
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
  const { pathname, search, hash } = location;
  await auth.signIn({ pathname, search, hash });
  return new Promise<null>(() => undefined);
}

/**
 * Whether a navigation inside the shell checks the session again. The same navigations as when
 * the guard was the shell route's loader in a data router (the shell moved to the declarative
 * router for a smaller start-up bundle): a changed query, or the same path and query entered again (a link to the
 * page shown), unless only a fragment is entered. A new path alone does not.
 */
export function checksAgain(from: GuardedLocation & { key?: string }, to: GuardedLocation & { key?: string }): boolean {
  if (from === to || (from.key !== undefined && from.key === to.key)) return false;
  if (from.search !== to.search) return true;
  return from.pathname === to.pathname && to.hash === '';
}

/**
 * The guard around the shell (`/` and everything below it): nothing of it renders before the
 * session of the location entered has been checked (requireSession; while the check is pending,
 * or when it never settles, nothing). Later navigations that check again (checksAgain) keep the
 * shell on screen while the check runs.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [passed, setPassed] = useState(false);
  const shown = useRef<typeof location | null>(null);
  useEffect(() => {
    const previous = shown.current;
    shown.current = location;
    if (previous && !checksAgain(previous, location)) return;
    void requireSession(location).then(() => setPassed(true));
  }, [location]);
  return passed ? children : null;
}
