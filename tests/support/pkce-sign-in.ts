import { createHash, randomBytes } from 'node:crypto';

/**
 * Browser-less OpenID Connect sign-in for tests: the authorization-code flow with PKCE S256 over
 * real HTTP, the way a browser and oidc-client-ts would do it (discovery, /auth with state, nonce
 * and code_challenge, redirects followed by hand with a cookie jar, the login form posted, the code
 * taken from the redirect to redirectUri, state checked, code exchanged at the token endpoint).
 */

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope?: string;
  [extra: string]: unknown;
}

export interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  revocation_endpoint?: string;
  [extra: string]: unknown;
}

/** The sign-in stopped before a code was issued (wrong password, error page, error redirect). */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
    readonly url: string,
    /** `error` parameter of an error redirect to the redirect URI, if that is how it ended. */
    readonly oauthError?: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

/** The token endpoint answered with an error. */
export class TokenEndpointError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly errorDescription: string | undefined,
  ) {
    super(`token endpoint: ${status} ${error}${errorDescription ? ` (${errorDescription})` : ''}`);
    this.name = 'TokenEndpointError';
  }
}

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  expires: number | undefined;
}

/** A minimal cookie jar: host-only cookies (like browsers, ignoring the port), path matching, expiry. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(url: string | URL, response: Response): void {
    const { hostname, pathname } = new URL(url);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const cookie: StoredCookie = {
        name: pair.slice(0, eq),
        value: pair.slice(eq + 1),
        host: hostname,
        path: pathname.slice(0, pathname.lastIndexOf('/') + 1) || '/',
        expires: undefined,
      };
      for (const attribute of attributes) {
        const [rawKey = '', ...rest] = attribute.split('=');
        const key = rawKey.toLowerCase();
        const value = rest.join('=');
        if (key === 'path' && value.startsWith('/')) cookie.path = value;
        if (key === 'expires') cookie.expires = Date.parse(value);
        if (key === 'max-age') cookie.expires = Date.now() + Number(value) * 1000;
      }
      const id = `${cookie.host};${cookie.path};${cookie.name}`;
      if (cookie.expires !== undefined && cookie.expires <= Date.now()) this.cookies.delete(id);
      else this.cookies.set(id, cookie);
    }
  }

  header(url: string | URL): string | undefined {
    const { hostname, pathname } = new URL(url);
    const now = Date.now();
    const matching = [...this.cookies.values()].filter(
      (c) =>
        c.host === hostname &&
        (c.expires === undefined || c.expires > now) &&
        (pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
    );
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  names(): string[] {
    return [...new Set([...this.cookies.values()].map((c) => c.name))];
  }
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}

const discoveryCache = new Map<string, DiscoveryDocument>();

export async function discover(issuer: string): Promise<DiscoveryDocument> {
  const cached = discoveryCache.get(issuer);
  if (cached) return cached;
  const response = await fetch(new URL('/.well-known/openid-configuration', issuer));
  if (!response.ok) throw new Error(`discovery failed: ${response.status}`);
  const document = (await response.json()) as DiscoveryDocument;
  discoveryCache.set(issuer, document);
  return document;
}

async function send(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('Cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response);
  return response;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function isRedirectTo(location: URL, redirectUri: string): boolean {
  const target = new URL(redirectUri);
  return location.origin === target.origin && location.pathname === target.pathname;
}

export interface AuthorizeOptions {
  issuer: string;
  clientId: string;
  redirectUri: string;
  username?: string;
  password?: string;
  scope?: string;
  /** Reuse a jar to act as the same browser (session cookies). */
  jar?: CookieJar;
  /** Extra authorization request parameters (prompt, login_hint, ...). */
  params?: Record<string, string>;
}

export interface AuthorizeResult {
  code: string;
  codeVerifier: string;
  nonce: string;
  /** How many times the login form was shown (0 when an existing session was reused). */
  loginPages: number;
  jar: CookieJar;
}

/** Runs the front-channel part: from /auth to the code at redirectUri. */
export async function authorizeWithPkce(options: AuthorizeOptions): Promise<AuthorizeResult> {
  const { issuer, clientId, redirectUri, username, password, scope = 'openid email profile' } = options;
  const jar = options.jar ?? new CookieJar();
  const metadata = await discover(issuer);
  const { verifier, challenge } = createPkcePair();
  const state = b64url(randomBytes(16));
  const nonce = b64url(randomBytes(16));

  const url = new URL(metadata.authorization_endpoint);
  const query = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...options.params,
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);

  const { code, loginPages } = await followAuthorization(url, { redirectUri, state, issuer: metadata.issuer, username, password, jar });
  return { code, codeVerifier: verifier, nonce, loginPages, jar };
}

/**
 * The browser's part from an authorization URL someone else built (a server's authorize answer):
 * redirects followed with the jar, the login form posted once, until the redirect to redirectUri,
 * whose `state` must be `state`. Answers the code.
 */
export async function followAuthorization(
  start: URL,
  options: { redirectUri: string; state: string; issuer?: string; username?: string; password?: string; jar?: CookieJar },
): Promise<{ code: string; loginPages: number; jar: CookieJar }> {
  const { redirectUri, state, username, password } = options;
  const jar = options.jar ?? new CookieJar();
  let url = start;
  let response = await send(jar, url);
  let loginPages = 0;
  for (let hop = 0; hop < 20; hop += 1) {
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location') ?? '', url);
      await response.body?.cancel();
      if (isRedirectTo(location, redirectUri)) {
        const params = location.searchParams;
        if (params.get('state') !== state) throw new Error('state mismatch in the authorization response');
        const error = params.get('error');
        if (error) {
          throw new SignInError(
            `authorization failed: ${error} ${params.get('error_description') ?? ''}`.trim(),
            response.status,
            '',
            location.href,
            error,
          );
        }
        if (options.issuer && params.get('iss') && params.get('iss') !== options.issuer) throw new Error('iss mismatch');
        const code = params.get('code');
        if (!code) throw new Error('no code in the authorization response');
        return { code, loginPages, jar };
      }
      url = location;
      response = await send(jar, url);
      continue;
    }

    const body = await response.text();
    const action = /<form[^>]*\baction="([^"]*\/login)"/i.exec(body)?.[1];
    if (response.status === 200 && action) {
      if (loginPages > 0 || username === undefined || password === undefined) {
        throw new SignInError('login form shown but no (further) credentials to submit', response.status, body, url.href);
      }
      loginPages += 1;
      url = new URL(decodeEntities(action), url);
      response = await send(jar, url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }).toString(),
      });
      continue;
    }
    throw new SignInError(`sign-in stopped at ${url.pathname} with status ${response.status}`, response.status, body, url.href);
  }
  throw new Error('too many redirects during sign-in');
}

async function tokenRequest(issuer: string, body: Record<string, string>, origin?: string): Promise<TokenResponse> {
  const metadata = await discover(issuer);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (origin) headers.Origin = origin;
  const response = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers,
    body: new URLSearchParams(body).toString(),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new TokenEndpointError(
      response.status,
      String(json.error ?? 'unknown_error'),
      typeof json.error_description === 'string' ? json.error_description : undefined,
    );
  }
  return json as TokenResponse;
}

export async function exchangeCode(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
  origin?: string;
}): Promise<TokenResponse> {
  return tokenRequest(
    options.issuer,
    {
      grant_type: 'authorization_code',
      client_id: options.clientId,
      redirect_uri: options.redirectUri,
      code: options.code,
      code_verifier: options.codeVerifier,
    },
    options.origin,
  );
}

export interface SignInOptions extends AuthorizeOptions {
  username: string;
  password: string;
  /** Sent as the Origin header of the token request, as a browser would. */
  origin?: string;
}

/** The whole sign-in: authorization request, login form, code exchange. */
export async function signInWithPkce(options: SignInOptions): Promise<TokenResponse> {
  const { code, codeVerifier } = await authorizeWithPkce(options);
  return exchangeCode({ ...options, code, codeVerifier });
}

export async function refreshTokens(options: {
  issuer: string;
  clientId: string;
  refreshToken: string;
  origin?: string;
}): Promise<TokenResponse> {
  return tokenRequest(
    options.issuer,
    { grant_type: 'refresh_token', client_id: options.clientId, refresh_token: options.refreshToken },
    options.origin,
  );
}
