import type { JWTPayload } from 'jose';
import { z } from 'zod';
import { IdentityProviderUnavailableError, InvalidTokenError } from './errors';
import { TokenCache, tokenHash } from './token-cache';

/** How long a "not active" answer is believed (a token may not be known yet on every node). */
export const INACTIVE_CACHE_MS = 30_000;
const CLOCK_TOLERANCE_S = 5;

/** RFC 7662 section 2.2; unknown members are kept (they may be the role or group claims). */
const introspectionSchema = z.looseObject({
  active: z.boolean(),
  sub: z.string().min(1).optional(),
  exp: z.number().optional(),
  nbf: z.number().optional(),
  iss: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  token_type: z.string().optional(),
  typ: z.string().optional(),
});

export interface IntrospectionOptions {
  /** The introspection endpoint (discovery's `introspection_endpoint`). */
  endpoint: () => Promise<string>;
  /** The issuer `iss` must equal when the answer carries one. */
  issuer: () => Promise<string>;
  clientId: string;
  clientSecret: string;
  /** Required `aud` when the answer carries one; undefined: not checked. */
  audience: string | undefined;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  cacheSize?: number;
  now?: () => number;
}

type Answer = { active: true; claims: JWTPayload } | { active: false; reason: string };

/** client_secret_basic: both parts form-encoded, then base64 (RFC 6749 section 2.3.1). */
function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

/**
 * Checks opaque access tokens at the provider's RFC 7662 endpoint. Active answers are cached by
 * token hash until the token's `exp`, inactive ones for 30 s; the provider is asked at most once
 * per token at a time.
 */
export function createIntrospection(options: IntrospectionOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const cache = new TokenCache<Answer>(options.cacheSize ?? 10_000, now);
  let calls = 0;

  async function ask(token: string): Promise<{ value: Answer; expiresAt: number }> {
    const endpoint = await options.endpoint();
    calls += 1;
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          authorization: basicAuthorization(options.clientId, options.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new IdentityProviderUnavailableError(`token introspection at ${endpoint} failed: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) {
      throw new IdentityProviderUnavailableError(
        `token introspection at ${endpoint} refused the client credentials (${response.status}); check OIDC_INTROSPECTION_CLIENT_ID and OIDC_INTROSPECTION_CLIENT_SECRET`,
      );
    }
    if (!response.ok) throw new IdentityProviderUnavailableError(`token introspection at ${endpoint} answered ${response.status}`);
    const parsed = introspectionSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new IdentityProviderUnavailableError(`token introspection at ${endpoint} answered no valid introspection response`);
    const answer = parsed.data;
    const inactive = (reason: string) => ({ value: { active: false, reason } as Answer, expiresAt: now() + INACTIVE_CACHE_MS });
    if (!answer.active) {
      const until = answer.exp ? Math.min(now() + INACTIVE_CACHE_MS, answer.exp * 1000) : now() + INACTIVE_CACHE_MS;
      return { value: { active: false, reason: 'introspection: token is not active' }, expiresAt: until };
    }
    if (answer.exp === undefined) return inactive('introspection: the answer has no "exp"');
    if (!answer.sub) return inactive('introspection: the answer has no "sub"');
    if (/refresh/i.test(answer.token_type ?? '') || /refresh/i.test(answer.typ ?? '')) {
      return inactive('introspection: a refresh token is no access token');
    }
    return { value: { active: true, claims: answer as JWTPayload }, expiresAt: answer.exp * 1000 };
  }

  /** Rejects with `InvalidTokenError` unless the token is active, unexpired and for this issuer and audience. */
  async function introspect(token: string): Promise<JWTPayload> {
    const answer = await cache.getOrLoad(tokenHash(token), () => ask(token));
    if (!answer.active) throw new InvalidTokenError(answer.reason);
    const claims = answer.claims;
    const seconds = now() / 1000;
    if (claims.exp! <= seconds - CLOCK_TOLERANCE_S) throw new InvalidTokenError('introspection: token expired');
    if (claims.nbf !== undefined && claims.nbf > seconds + CLOCK_TOLERANCE_S) throw new InvalidTokenError('introspection: token not yet valid');
    if (claims.iss !== undefined && claims.iss !== (await options.issuer())) {
      throw new InvalidTokenError('introspection: unexpected "iss"');
    }
    if (options.audience !== undefined && claims.aud !== undefined) {
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audiences.includes(options.audience)) throw new InvalidTokenError('introspection: unexpected "aud"');
    }
    return claims;
  }

  return {
    introspect,
    /** Calls made to the endpoint so far (tests, metrics). */
    get calls() {
      return calls;
    },
  };
}
export type Introspection = ReturnType<typeof createIntrospection>;
