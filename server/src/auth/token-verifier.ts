import type { ServerConfig } from '../config';
import type { Claims } from './claim-path';
import { createDiscovery, type ProviderMetadata } from './discovery';
import { IdentityProviderUnavailableError, InvalidTokenError } from './errors';
import { createIntrospection } from './introspection';
import { createJwtVerifier, looksLikeJws } from './jwt-verifier';
import { createClaimsSource } from './userinfo-claims';

export { IdentityProviderUnavailableError, InvalidTokenError } from './errors';

export interface TokenVerifierOptions {
  /** OIDC_ISSUER as configured (with or without trailing slash); discovery's value is what `iss` must equal. */
  issuer: string;
  audience: string;
  /** Only these signature algorithms are accepted; `none` and HMAC never are. */
  algorithms: string[];
  /** `jwt`: verified locally; `opaque`: introspected; `auto` (default): a JWS locally, anything else introspected. */
  tokenFormat?: 'jwt' | 'opaque' | 'auto';
  /** RFC 7662 client; without it opaque tokens are refused. */
  introspection?: { clientId: string; clientSecret: string; checkAudience: boolean };
  /** Where roles and groups come from (default `token`). */
  claimsSource?: 'token' | 'userinfo' | 'auto';
  rolesClaim?: string;
  groupsClaim?: string;
  /** Skips discovery (an IdP without discovery): the issuer as given and this key set. */
  jwksUri?: string;
  /** Minimum time between two JWKS re-fetches caused by an unknown `kid`. */
  jwksCooldownMs?: number;
  fetchImpl?: typeof fetch;
  log?: { warn(details: object, message: string): void };
}

export interface TokenVerifier {
  /**
   * Resolves the claims of a valid access token (with userinfo's roles and groups where
   * configured), or rejects with `InvalidTokenError` (401) or `IdentityProviderUnavailableError` (503).
   */
  verify(token: string): Promise<Claims & { sub: string }>;
}

/** The verifier the server uses, from its configuration. */
export function tokenVerifierOptions(auth: ServerConfig['auth']): TokenVerifierOptions {
  return {
    issuer: auth.issuer,
    audience: auth.audience,
    algorithms: auth.algorithms,
    tokenFormat: auth.tokenFormat,
    introspection: auth.introspection,
    claimsSource: auth.claimsSource,
    rolesClaim: auth.rolesClaim,
    groupsClaim: auth.groupsClaim,
  };
}

/**
 * Checks bearer access tokens as the provider issues them: JWTs against its key set, opaque
 * tokens by introspection; then completes roles and groups from userinfo when configured.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const discover = createDiscovery({ issuer: options.issuer, fetchImpl: options.fetchImpl });
  const metadata = async (): Promise<ProviderMetadata> =>
    options.jwksUri
      ? { issuer: options.issuer, jwksUri: options.jwksUri, introspectionEndpoint: undefined, userinfoEndpoint: undefined }
      : discover();
  const format = options.tokenFormat ?? 'auto';

  const verifyJwt = createJwtVerifier({
    metadata,
    audience: options.audience,
    algorithms: options.algorithms,
    jwksCooldownMs: options.jwksCooldownMs,
  });
  const introspection = options.introspection
    ? createIntrospection({
        endpoint: async () => {
          const endpoint = (await metadata()).introspectionEndpoint;
          if (!endpoint) throw new IdentityProviderUnavailableError('OIDC_INTROSPECTION_CLIENT_ID is set, but discovery names no introspection_endpoint');
          return endpoint;
        },
        issuer: async () => (await metadata()).issuer,
        clientId: options.introspection.clientId,
        clientSecret: options.introspection.clientSecret,
        audience: options.introspection.checkAudience ? options.audience : undefined,
        fetchImpl: options.fetchImpl,
      })
    : undefined;
  const claimsSource = createClaimsSource({
    source: options.claimsSource ?? 'token',
    rolesClaim: options.rolesClaim ?? 'roles',
    groupsClaim: options.groupsClaim ?? 'groups',
    endpoint: async () => (await metadata()).userinfoEndpoint,
    fetchImpl: options.fetchImpl,
    log: options.log,
  });

  return {
    async verify(token) {
      const jws = looksLikeJws(token);
      let claims;
      if (format === 'jwt' || (format === 'auto' && jws)) {
        claims = await verifyJwt(token);
      } else if (introspection) {
        claims = await introspection.introspect(token);
      } else {
        throw new InvalidTokenError('not a JWT, and no token introspection is configured (OIDC_INTROSPECTION_CLIENT_ID)');
      }
      return (await claimsSource.claimsFor(token, claims)) as Claims & { sub: string };
    },
  };
}
