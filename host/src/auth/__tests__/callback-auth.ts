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

/** What the provider's refusal looks like coming out of oidc-client-ts (ErrorResponse "access_denied"). */
export function refuseCallback(auth: Auth): void {
  jest.spyOn(auth.userManager, 'signinCallback').mockRejectedValue(Object.assign(new Error('access_denied'), { error: 'access_denied' }));
}
