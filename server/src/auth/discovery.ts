import { z } from 'zod';
import { IdentityProviderUnavailableError } from './errors';

/** What the server reads from the provider's discovery document (OpenID Connect Discovery 1.0). */
export interface ProviderMetadata {
  /** The issuer exactly as the provider publishes it: the `iss` of its tokens must equal it. */
  issuer: string;
  jwksUri: string;
  introspectionEndpoint: string | undefined;
  userinfoEndpoint: string | undefined;
}

const discoverySchema = z.object({
  issuer: z.url(),
  jwks_uri: z.url(),
  introspection_endpoint: z.url().optional(),
  userinfo_endpoint: z.url().optional(),
});

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** `<issuer without trailing slash>/.well-known/openid-configuration`, for issuers with and without one. */
export function discoveryUrl(issuer: string): string {
  return `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`;
}

/**
 * The issuer the server compares `iss` with: the discovery document's. A configured value that
 * differs from it only by a trailing slash is accepted (providers differ: Keycloak publishes none,
 * others one), any other difference is a configuration error.
 */
export function resolveIssuer(configured: string, published: string): string {
  if (configured === published || withoutTrailingSlash(configured) === withoutTrailingSlash(published)) return published;
  throw new IdentityProviderUnavailableError(`OIDC discovery names issuer ${published}, but OIDC_ISSUER is ${configured}`);
}

export interface DiscoveryOptions {
  issuer: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Fetches the discovery document once, lazily (the provider may start after the server). A failed
 * attempt is not remembered: the next call tries again.
 */
export function createDiscovery(options: DiscoveryOptions): () => Promise<ProviderMetadata> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let metadata: Promise<ProviderMetadata> | undefined;

  async function discover(): Promise<ProviderMetadata> {
    const url = discoveryUrl(options.issuer);
    let body: unknown;
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new IdentityProviderUnavailableError(`OIDC discovery at ${url} failed: ${(error as Error).message}`);
    }
    const parsed = discoverySchema.safeParse(body);
    if (!parsed.success) {
      throw new IdentityProviderUnavailableError(`OIDC discovery at ${url} is not a valid discovery document: ${z.prettifyError(parsed.error)}`);
    }
    return {
      issuer: resolveIssuer(options.issuer, parsed.data.issuer),
      jwksUri: parsed.data.jwks_uri,
      introspectionEndpoint: parsed.data.introspection_endpoint,
      userinfoEndpoint: parsed.data.userinfo_endpoint,
    };
  }

  return () => {
    metadata ??= discover().catch((error: unknown) => {
      metadata = undefined;
      throw error;
    });
    return metadata;
  };
}
