import { createAuth, setAuth, type Auth } from '@assistant/platform';

const AUTHORITY = 'http://idp.test';

/**
 * The platform's real auth (oidc-client-ts underneath) made the platform's auth, with the
 * provider's metadata given so a callback that fails before the token request needs no network.
 * `signIn` (the redirect to the provider) is recorded instead of leaving the page.
 */
export function callbackAuth(): { auth: Auth; signIn: jest.Mock } {
  const auth = createAuth({
    authority: AUTHORITY,
    clientId: 'assistant-portal',
    origin: 'http://localhost',
    settings: {
      metadata: { issuer: AUTHORITY, authorization_endpoint: `${AUTHORITY}/auth`, token_endpoint: `${AUTHORITY}/token` },
    },
  });
  const signIn = jest.fn().mockResolvedValue(undefined);
  auth.signIn = signIn;
  setAuth(auth);
  return { auth, signIn };
}

/**
 * What the provider's refusal looks like coming out of oidc-client-ts (ErrorResponse "access_denied").
 * The UserManager is loaded lazily (the platform's auth facade), so the refusal is put in place
 * when the page asks for the completion, before it reaches oidc-client-ts.
 */
export function refuseCallback(auth: Auth): void {
  const complete = auth.completeSignIn;
  auth.completeSignIn = async (url) => {
    const manager = await auth.loadUserManager();
    jest.spyOn(manager, 'signinCallback').mockRejectedValue(Object.assign(new Error('access_denied'), { error: 'access_denied' }));
    return complete(url);
  };
}
