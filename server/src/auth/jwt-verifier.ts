import { base64url, createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { IdentityProviderUnavailableError, InvalidTokenError } from './errors';

/**
 * Re-fetches of the key set caused by unknown `kid`s are at most this often (jose's cooldown). A
 * token with an unknown `kid` arriving within it waits for its end and is checked once more, so a
 * rotation right after a fetch still verifies (at most this late).
 */
export const JWKS_COOLDOWN_MS = 5_000;

/** A JWS in compact form: three base64url parts, the first a JSON object naming an `alg`. */
export function looksLikeJws(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]*$/.test(part)) || !parts[0]) return false;
  try {
    const header: unknown = JSON.parse(new TextDecoder().decode(base64url.decode(parts[0])));
    return header !== null && typeof header === 'object' && typeof (header as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

export interface JwtVerifierOptions {
  /** Discovery's issuer and `jwks_uri`. */
  metadata: () => Promise<{ issuer: string; jwksUri: string }>;
  audience: string;
  /** Only these signature algorithms are accepted; `none` and HMAC never are. */
  algorithms: string[];
  /** Minimum time between two key-set re-fetches caused by an unknown `kid`. */
  jwksCooldownMs?: number;
}

/**
 * Verifies JWT access tokens locally against the issuer's key set: signature, `iss`, `aud`,
 * `exp`/`nbf` and an algorithm allow-list. jose re-fetches the key set when a token names an
 * unknown `kid` (at most once per cooldown), which is how a key rotation at the provider arrives;
 * keys the provider still publishes keep verifying.
 */
export function createJwtVerifier(options: JwtVerifierOptions) {
  const cooldownMs = options.jwksCooldownMs ?? JWKS_COOLDOWN_MS;
  let keySet: { uri: string; get: ReturnType<typeof createRemoteJWKSet> } | undefined;
  let coolingDown: Promise<void> | undefined;
  const endOfCooldown = () =>
    (coolingDown ??= new Promise<void>((resolve) => setTimeout(resolve, cooldownMs)).finally(() => (coolingDown = undefined)));
  for (const alg of options.algorithms) {
    if (alg === 'none' || alg.startsWith('HS')) throw new Error(`Algorithm ${alg} is never accepted for access tokens`);
  }

  return async function verifyJwt(token: string): Promise<JWTPayload> {
    const { issuer, jwksUri } = await options.metadata();
    if (keySet?.uri !== jwksUri) {
      keySet = {
        uri: jwksUri,
        get: createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: cooldownMs, timeoutDuration: 10_000 }),
      };
    }
    const jwks = keySet.get;
    const verify = async () =>
      (
        await jwtVerify(token, jwks as JWTVerifyGetKey, {
          issuer,
          audience: options.audience,
          algorithms: options.algorithms,
          requiredClaims: ['sub', 'exp'],
          clockTolerance: 5,
        })
      ).payload;
    try {
      try {
        return await verify();
      } catch (error) {
        // An unknown kid while jose may not fetch again yet: once more after the cooldown.
        if (!(error instanceof errors.JWKSNoMatchingKey) || !jwks.coolingDown) throw error;
        await endOfCooldown();
        return await verify();
      }
    } catch (error) {
      // The key set could not be fetched or read (jose's generic error is thrown only there).
      if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC')) {
        throw new IdentityProviderUnavailableError(`key set at ${jwksUri}: ${error.code}: ${error.message}`);
      }
      if (error instanceof errors.JOSEError) throw new InvalidTokenError(`${error.code}: ${error.message}`);
      // A key set that could not be fetched (network error, HTTP error status).
      throw new IdentityProviderUnavailableError(`key set at ${jwksUri}: ${(error as Error).message}`);
    }
  };
}
