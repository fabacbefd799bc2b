/** Thrown for every token the server refuses (401); its message is safe to log, never shown in detail. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/**
 * The token could not be checked because the identity provider could not be asked or answered
 * nonsense (discovery, key set, introspection, userinfo; also refused client credentials): 503,
 * so the portal does not sign the user out for the provider's or the configuration's fault.
 */
export class IdentityProviderUnavailableError extends Error {
  override name = 'IdentityProviderUnavailableError';
}
