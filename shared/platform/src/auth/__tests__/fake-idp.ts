import { http, HttpResponse, delay } from 'msw';
import { User } from 'oidc-client-ts';

export const AUTHORITY = 'http://idp.test';
export const CLIENT_ID = 'assistant-portal';
export const ORIGIN = 'http://localhost';
export const USER_KEY = `oidc.user:${AUTHORITY}:${CLIENT_ID}`;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT (oidc-client-ts decodes ID tokens, it does not verify them in the browser). */
export function jwt(payload: Record<string, unknown>): string {
  return `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}.c2ln`;
}

export function idToken(sub: string, extra: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return jwt({ iss: AUTHORITY, aud: CLIENT_ID, sub, iat: now, exp: now + 3600, auth_time: 1000, ...extra });
}

export function metadata(withCheckSession = false, { revocation = true }: { revocation?: boolean } = {}) {
  return {
    issuer: AUTHORITY,
    authorization_endpoint: `${AUTHORITY}/auth`,
    token_endpoint: `${AUTHORITY}/token`,
    userinfo_endpoint: `${AUTHORITY}/me`,
    ...(revocation ? { revocation_endpoint: `${AUTHORITY}/token/revocation` } : {}),
    end_session_endpoint: `${AUTHORITY}/session/end`,
    jwks_uri: `${AUTHORITY}/jwks`,
    ...(withCheckSession ? { check_session_iframe: `${AUTHORITY}/session/check` } : {}),
  };
}

/** Stores a signed-in user the way oidc-client-ts does. */
export function storeUser(options: { sub?: string; expiresIn?: number; expiresAt?: number; accessToken?: string; refreshToken?: string | null } = {}): User {
  const { sub = 'user-1', expiresIn = 900, accessToken = 'at-1', refreshToken = 'rt-1' } = options;
  const user = new User({
    id_token: idToken(sub),
    access_token: accessToken,
    refresh_token: refreshToken ?? undefined,
    token_type: 'Bearer',
    scope: 'openid email profile',
    profile: { sub, iss: AUTHORITY, aud: CLIENT_ID, exp: 0, iat: 0 },
    expires_at: options.expiresAt ?? Math.floor(Date.now() / 1000) + expiresIn,
  });
  localStorage.setItem(USER_KEY, user.toStorageString());
  return user;
}

export interface IdpLog {
  token: URLSearchParams[];
  revocation: URLSearchParams[];
  /** Spent refresh tokens presented again (with `rotate`). */
  refused?: string[];
}

/**
 * msw handlers of a small identity provider; the token endpoint answers after `tokenDelayMs`.
 * With `rotate`, like the dev provider (oidc-provider's rotateRefreshToken), a refresh token works
 * once: presenting it again is refused with 400 invalid_grant (recorded in `log.refused`).
 * Without `revocation` the metadata has no revocation_endpoint.
 */
export function idpHandlers(
  log: IdpLog,
  options: { sub?: string; tokenDelayMs?: number; checkSession?: boolean; accessToken?: string; rotate?: boolean; revocation?: boolean } = {},
) {
  const { sub = 'user-1', tokenDelayMs = 0 } = options;
  let issued = 1;
  const spent = new Set<string>();
  return [
    http.get(`${AUTHORITY}/.well-known/openid-configuration`, () =>
      HttpResponse.json(metadata(options.checkSession, { revocation: options.revocation ?? true })),
    ),
    http.post(`${AUTHORITY}/token`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      log.token.push(form);
      if (tokenDelayMs) await delay(tokenDelayMs);
      const presented = form.get('refresh_token');
      if (options.rotate && presented !== null) {
        if (spent.has(presented)) {
          log.refused?.push(presented);
          return HttpResponse.json({ error: 'invalid_grant', error_description: 'grant request is invalid' }, { status: 400 });
        }
        spent.add(presented);
      }
      issued += 1;
      return HttpResponse.json({
        access_token: options.accessToken ?? `at-${issued}`,
        refresh_token: `rt-${issued}`,
        id_token: idToken(sub),
        token_type: 'Bearer',
        expires_in: 900,
        scope: 'openid email profile',
      });
    }),
    http.get(`${AUTHORITY}/me`, () => HttpResponse.json({ sub, email: `${sub}@example.com`, name: 'Erika Muster' })),
    http.post(`${AUTHORITY}/token/revocation`, async ({ request }) => {
      log.revocation.push(new URLSearchParams(await request.text()));
      return new HttpResponse(null, { status: 200 });
    }),
  ];
}
