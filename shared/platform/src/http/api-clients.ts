import { getAuth, hasAuth, type Auth } from '../auth/auth';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client';

/** The header /nls and /api/conductor send besides the bearer token (SPEC section 7). */
export const AUTHORIZATION_TYPE_HEADERS = { 'authorization-type': 'aa_oidc' } as const;

/** Default request timeout before the configuration is loaded: SPEC section 9, 180 s. */
export const DEFAULT_TIMEOUT_MS = 180_000;

/** One client per row of SPEC section 7's client table. */
export interface ApiClients {
  /** /api: main product API; GET retried up to 20 times on 404. */
  api: HttpClient;
  /** /api/iam: permission check; no retries. */
  iam: HttpClient;
  /** /nls: GET and POST retried up to 7 times on 404; sends authorization-type: aa_oidc. */
  nls: HttpClient;
  /** /api/conductor: same headers as /nls; no retries. */
  conductor: HttpClient;
  /** No base path: GET retried up to 5 times on 404. */
  root: HttpClient;
  /** "Another client" of the table (its base is not named): GET retried once on 404. */
  other: HttpClient;
}

export interface ApiClientDeps
  extends Pick<HttpClientOptions, 'getToken' | 'onUnauthenticated' | 'renewRejectedToken' | 'origin' | 'retryDelayMs' | 'fetch'> {
  /** Read at every call; the platform wires it to the config store's requestTimeoutInSeconds x 1000. */
  timeoutMs?: () => number;
  /** Base path of the "other" client; none by default. */
  otherBasePath?: string;
}

/**
 * A call found no token: the platform's auth decides whether that may start a sign-in. Not while
 * the user signs out (the sign-in would race the sign-out), and not while the session-expired
 * notice offers it (the provider is unreachable; the notice comes back if it was dismissed).
 */
function unauthenticatedUnlessSigningOut(onUnauthenticated: () => void): () => void {
  return () => {
    // Optional calls: tests set partial auths (a getUser alone); what they lack counts as absent.
    const auth: Partial<Auth> | null = hasAuth() ? getAuth() : null;
    auth?.reportMissingToken?.();
    if (auth?.mayRedirectToSignIn?.() === false) return;
    onUnauthenticated();
  };
}

/** A 401 answer: the platform's auth renews (or takes another tab's renewed token) for one retry. */
const renewWithPlatformAuth = async (token: string): Promise<string | null> => {
  const auth: Partial<Auth> | null = hasAuth() ? getAuth() : null;
  return (await auth?.renewRejectedToken?.(token)) ?? null;
};

export function createApiClients(deps: ApiClientDeps): ApiClients {
  const { otherBasePath = '', timeoutMs = () => DEFAULT_TIMEOUT_MS, renewRejectedToken = renewWithPlatformAuth, ...shared } = deps;
  const onUnauthenticated = unauthenticatedUnlessSigningOut(deps.onUnauthenticated);
  const make = (options: Omit<HttpClientOptions, 'getToken' | 'onUnauthenticated' | 'timeoutMs'>) =>
    createHttpClient({ ...shared, onUnauthenticated, renewRejectedToken, timeoutMs, ...options });
  return {
    api: make({ basePath: '/api', retriesOn404: { times: 20, methods: ['GET'] } }),
    iam: make({ basePath: '/api/iam' }),
    nls: make({ basePath: '/nls', retriesOn404: { times: 7, methods: ['GET', 'POST'] }, extraHeaders: AUTHORIZATION_TYPE_HEADERS }),
    conductor: make({ basePath: '/api/conductor', extraHeaders: AUTHORIZATION_TYPE_HEADERS }),
    root: make({ basePath: '', retriesOn404: { times: 5, methods: ['GET'] } }),
    other: make({ basePath: otherBasePath, retriesOn404: { times: 1, methods: ['GET'] } }),
  };
}

let configured: ApiClients | null = null;

/** Makes `clients` the platform's clients (stores and remotes use them through apiClients()). */
export function setApiClients(clients: ApiClients | null): void {
  configured = clients;
}

/** The platform's clients; throws until initPlatform (or setApiClients) ran. */
export function apiClients(): ApiClients {
  if (!configured) throw new Error('API clients are not configured: call initPlatform() first');
  return configured;
}
