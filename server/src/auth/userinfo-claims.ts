import type { JWTPayload } from 'jose';
import { z } from 'zod';
import { claimAt, withClaimAt, type Claims } from './claim-path';
import { IdentityProviderUnavailableError, InvalidTokenError } from './errors';
import { TokenCache, tokenHash } from './token-cache';

/** How long a failed userinfo call is remembered in `auto` mode (at most until the token expires). */
export const USERINFO_FAILURE_CACHE_MS = 30_000;
/** Profile claims userinfo adds when the token has none (opaque tokens' introspection rarely has them). */
const PROFILE_CLAIMS = ['email', 'name', 'preferred_username'] as const;

const userinfoSchema = z.looseObject({ sub: z.string().min(1) });

export interface ClaimsSourceOptions {
  /** OIDC_CLAIMS_SOURCE. */
  source: 'token' | 'userinfo' | 'auto';
  rolesClaim: string;
  groupsClaim: string;
  /** Discovery's `userinfo_endpoint` (undefined: the provider has none). */
  endpoint: () => Promise<string | undefined>;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  cacheSize?: number;
  now?: () => number;
  log?: { warn(details: object, message: string): void };
}

type Userinfo = { ok: true; claims: Claims } | { ok: false; error: Error };

/**
 * Roles and groups where the provider puts them. `token`: the access token's claims (for opaque
 * tokens the introspection answer). `userinfo`: userinfo's, always. `auto`: the token's; when the
 * roles or the groups claim is missing from it, userinfo fills that claim in (a failed userinfo
 * call then leaves it missing: no role, no group). Userinfo answers are cached per token until it expires.
 */
export function createClaimsSource(options: ClaimsSourceOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const cache = new TokenCache<Userinfo>(options.cacheSize ?? 10_000, now);
  const paths = [options.rolesClaim, options.groupsClaim];
  let calls = 0;

  async function fetchUserinfo(token: string, sub: string): Promise<Claims> {
    const endpoint = await options.endpoint();
    if (!endpoint) throw new IdentityProviderUnavailableError('OIDC_CLAIMS_SOURCE needs userinfo, but discovery names no userinfo_endpoint');
    calls += 1;
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new IdentityProviderUnavailableError(`userinfo at ${endpoint} failed: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) {
      throw new InvalidTokenError(`userinfo refused the access token (${response.status})`);
    }
    if (!response.ok) throw new IdentityProviderUnavailableError(`userinfo at ${endpoint} answered ${response.status}`);
    const parsed = userinfoSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new IdentityProviderUnavailableError(`userinfo at ${endpoint} answered no JSON object with "sub"`);
    // OpenID Connect Core 5.3.2: a userinfo answer about someone else must not be used.
    if (parsed.data.sub !== sub) throw new InvalidTokenError('userinfo names another "sub" than the access token');
    return parsed.data;
  }

  function userinfoFor(token: string, claims: JWTPayload): Promise<Userinfo> {
    const tokenExpiry = (claims.exp ?? 0) * 1000;
    return cache.getOrLoad(tokenHash(token), async () => {
      try {
        return { value: { ok: true, claims: await fetchUserinfo(token, claims.sub!) }, expiresAt: tokenExpiry };
      } catch (error) {
        return { value: { ok: false, error: error as Error }, expiresAt: Math.min(tokenExpiry, now() + USERINFO_FAILURE_CACHE_MS) };
      }
    });
  }

  /** The claims `principalFromClaims` reads: the token's, with roles, groups and profile from userinfo where needed. */
  async function claimsFor(token: string, tokenClaims: JWTPayload): Promise<Claims> {
    if (options.source === 'token') return tokenClaims;
    const missing = paths.filter((path) => claimAt(tokenClaims, path) === undefined);
    if (options.source === 'auto' && missing.length === 0) return tokenClaims;

    const userinfo = await userinfoFor(token, tokenClaims);
    if (!userinfo.ok) {
      if (options.source === 'userinfo') throw userinfo.error;
      options.log?.warn({ reason: userinfo.error.message, missing }, 'userinfo unavailable: the token\'s claims are used alone');
      return tokenClaims;
    }
    let merged: Claims = tokenClaims;
    for (const path of options.source === 'userinfo' ? paths : missing) {
      const value = claimAt(userinfo.claims, path);
      if (value !== undefined) merged = withClaimAt(merged, path, value);
    }
    for (const name of PROFILE_CLAIMS) {
      if (merged[name] === undefined && userinfo.claims[name] !== undefined) merged = { ...merged, [name]: userinfo.claims[name] };
    }
    return merged;
  }

  return {
    claimsFor,
    get calls() {
      return calls;
    },
  };
}
export type ClaimsSource = ReturnType<typeof createClaimsSource>;
