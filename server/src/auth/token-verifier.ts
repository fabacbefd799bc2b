import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Only these signature algorithms are accepted; `none` and HMAC never are. */
  algorithms: string[];
  /** Skips discovery (tests, or an IdP without discovery). */
  jwksUri?: string;
  /** Minimum time between two JWKS re-fetches caused by an unknown `kid`. */
  jwksCooldownMs?: number;
  fetchImpl?: typeof fetch;
}

export interface TokenVerifier {
  /** Resolves the verified claims, or rejects with an `InvalidTokenError`. */
  verify(token: string): Promise<JWTPayload>;
}

/** Thrown for every token the server refuses; its message is safe to log, never shown in detail. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

const discoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

/**
 * Verifies bearer access tokens against the issuer's JWKS: signature, `iss`, `aud`, `exp`/`nbf`
 * and an algorithm allow-list. The key set is discovered lazily (the IdP may start after us) and
 * re-fetched by jose when a token names an unknown `kid`, which is how key rotation arrives.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const fetchImpl = options.fetchImpl ?? fetch;
  let keySet: Promise<JWTVerifyGetKey> | undefined;

  async function discoverKeySet(): Promise<JWTVerifyGetKey> {
    let jwksUri = options.jwksUri;
    if (!jwksUri) {
      const url = `${options.issuer}/.well-known/openid-configuration`;
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`OIDC discovery at ${url} answered ${response.status}`);
      const metadata = discoverySchema.parse(await response.json());
      if (metadata.issuer.replace(/\/+$/, '') !== options.issuer) {
        throw new Error(`OIDC discovery names issuer ${metadata.issuer}, expected ${options.issuer}`);
      }
      jwksUri = metadata.jwks_uri;
    }
    return createRemoteJWKSet(new URL(jwksUri), {
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      timeoutDuration: 10_000,
    });
  }

  function getKeySet(): Promise<JWTVerifyGetKey> {
    // A failed discovery is not cached: the next request tries again.
    keySet ??= discoverKeySet().catch((error: unknown) => {
      keySet = undefined;
      throw error;
    });
    return keySet;
  }

  return {
    async verify(token) {
      const jwks = await getKeySet();
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: options.algorithms,
          requiredClaims: ['sub', 'exp'],
          clockTolerance: 5,
        });
        return payload;
      } catch (error) {
        if (error instanceof errors.JOSEError) throw new InvalidTokenError(`${error.code}: ${error.message}`);
        throw error;
      }
    },
  };
}
