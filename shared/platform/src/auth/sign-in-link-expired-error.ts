/**
 * /callback carried a `state` this browser does not hold (oidc-client-ts: "No matching state found
 * in storage", SPEC section 8): the link was used already (replayed), opened in another browser,
 * bookmarked, or its state was cleared as stale (older than 900 s, SPEC section 4). Nothing is
 * broken: the user only needs to sign in again. Other callback errors pass on unchanged.
 */
export class SignInLinkExpiredError extends Error {
  override readonly name = 'SignInLinkExpiredError';

  constructor(options?: { cause?: unknown }) {
    super('The sign-in link has expired or was already used', options);
  }
}
