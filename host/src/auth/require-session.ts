import { getAuth, isSessionInvalid } from '@assistant/platform';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * The route guard (SPEC section 2): every route under the shell first loads the user; with an
 * invalid session the location (path, query, hash) is saved and the user is sent to sign-in.
 * The loader then never settles: the page is leaving for the identity provider.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  const auth = getAuth();
  if (!isSessionInvalid(await auth.getUser())) return null;
  const url = new URL(request.url);
  // A loader's request carries no fragment; the browser's location has it for the page being entered.
  const hash = window.location.pathname === url.pathname ? window.location.hash : '';
  await auth.signIn({ pathname: url.pathname, search: url.search, hash });
  return new Promise<null>(() => undefined);
}
