import { base64url, createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { IdentityProviderUnavailableError, InvalidTokenError } from './errors';
import { TokenCache, tokenHash } from './token-cache';

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

/**
 * A verified token's claims are kept (by the token's SHA-256, never the token) until its `exp`, at
 * most this long after it was verified: the same token within that time is not verified again.
 * Bounds how long a token stays accepted after its signing key left the provider's key set (jose
 * itself keeps a fetched key set for up to 10 minutes).
 */
export const JWT_CACHE_MAX_AGE_MS = 60_000;
/** Verified tokens kept at most; the least recently used goes first. */
export const JWT_CACHE_ENTRIES = 10_000;

export interface JwtVerifierOptions {
  /** Discovery's issuer and `jwks_uri`. */
  metadata: () => Promise<{ issuer: string; jwksUri: string }>;
  audience: string;
  /** Only these signature algorithms are accepted; `none` and HMAC never are. */
  algorithms: string[];
  /** Minimum time between two key-set re-fetches caused by an unknown `kid`. */
  jwksCooldownMs?: number;
  /** How long a verified token is kept at most (JWT_CACHE_MAX_AGE_MS); 0: every request verifies. */
  cacheMaxAgeMs?: number;
  cacheEntries?: number;
  /** The clock of the expiry checks and of the cache (tests); Date.now when absent. */
  now?: () => number;
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

  const now = options.now ?? Date.now;
  const cacheMaxAgeMs = options.cacheMaxAgeMs ?? JWT_CACHE_MAX_AGE_MS;
  // Verified payloads by token hash, for the key set and issuer they were verified against.
  let verified = new TokenCache<JWTPayload>(options.cacheEntries ?? JWT_CACHE_ENTRIES, now);
  let verifiedFor = '';

  return async function verifyJwt(token: string): Promise<JWTPayload> {
    const { issuer, jwksUri } = await options.metadata();
    if (keySet?.uri !== jwksUri) {
      keySet = {
        uri: jwksUri,
        get: createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: cooldownMs, timeoutDuration: 10_000 }),
      };
    }
    if (cacheMaxAgeMs <= 0) return verifySigned(token, issuer, jwksUri);
    // Another issuer or key set (discovery changed): nothing verified before counts.
    if (verifiedFor !== `${issuer} ${jwksUri}`) {
      verified = new TokenCache<JWTPayload>(options.cacheEntries ?? JWT_CACHE_ENTRIES, now);
      verifiedFor = `${issuer} ${jwksUri}`;
    }
    // Until `exp` (after it, jose decides again, with its clock tolerance), at most cacheMaxAgeMs.
    // A refused token is not kept: it is checked again on its next request.
    return verified.getOrLoad(tokenHash(token), async () => {
      const payload = await verifySigned(token, issuer, jwksUri);
      return { value: payload, expiresAt: Math.min((payload.exp ?? 0) * 1000, now() + cacheMaxAgeMs) };
    });
  };

  async function verifySigned(token: string, issuer: string, jwksUri: string): Promise<JWTPayload> {
    const jwks = keySet!.get;
    const verify = async () =>
      (
        await jwtVerify(token, jwks as JWTVerifyGetKey, {
          issuer,
          audience: options.audience,
          algorithms: options.algorithms,
          requiredClaims: ['sub', 'exp'],
          clockTolerance: 5,
          ...(options.now ? { currentDate: new Date(options.now()) } : {}),
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
  }
}
