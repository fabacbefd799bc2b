import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LibraryError } from '../connector';

/** The Microsoft 365 sign-in as configured (MICROSOFT_*, docs/document-libraries.md#microsoft-365). */
export interface MicrosoftSettings {
  clientId: string;
  /** A confidential client's secret (Entra "Web" platform); none for a public client. */
  clientSecret: string | undefined;
  /** The authorization server: `https://login.microsoftonline.com/<tenant>/v2.0`, or the dev identity provider. */
  authority: string;
  /** Graph's base URL with its version: `https://graph.microsoft.com/v1.0`. */
  graphUrl: string;
  scopes: string[];
}

/** What is stored, encrypted, for a Microsoft 365 connection. */
export const microsoftCredentialsSchema = z.object({
  access_token: z.string().min(1),
  /** Absent when the server granted none (offline_access not consented): the user signs in again. */
  refresh_token: z.string().min(1).nullable(),
  /** When the access token expires, in milliseconds since the epoch. */
  expires_at: z.number().int(),
});
export type MicrosoftCredentials = z.infer<typeof microsoftCredentialsSchema>;

const metadataSchema = z.looseObject({
  authorization_endpoint: z.url({ protocol: /^https?$/ }),
  token_endpoint: z.url({ protocol: /^https?$/ }),
});

const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1).max(64 * 1024),
  refresh_token: z.string().min(1).max(64 * 1024).optional(),
  expires_in: z.coerce.number().int().positive().max(366 * 24 * 3600),
});

const tokenErrorSchema = z.looseObject({ error: z.string().max(200), error_description: z.string().max(2000).optional() });

const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);

/** Most bytes of a discovery or token answer read. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** PKCE (RFC 7636): a random verifier and its S256 challenge. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The authorization server's side of the sign-in: where the popup goes, and the token endpoint
 * (code exchange and refresh). The endpoints come from the authority's discovery document, so
 * Entra ID and the dev identity provider are configured the same way. The authority is the
 * operator's configuration, not a user's input: its calls use the plain fetch.
 */
export class MicrosoftOAuth {
  private metadata: Promise<z.infer<typeof metadataSchema>> | undefined;

  constructor(
    readonly settings: MicrosoftSettings,
    private readonly options: { fetch?: typeof fetch; timeoutMs: number },
  ) {}

  async authorizeUrl(input: { state: string; challenge: string; redirectUri: string }): Promise<string> {
    const { authorization_endpoint } = await this.discover();
    const url = new URL(authorization_endpoint);
    const params = {
      client_id: this.settings.clientId,
      response_type: 'code',
      response_mode: 'query',
      redirect_uri: input.redirectUri,
      scope: this.settings.scopes.join(' '),
      state: input.state,
      code_challenge: input.challenge,
      code_challenge_method: 'S256',
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.href;
  }

  /** Exchanges the popup's code (with the verifier kept under its state) for tokens. */
  exchangeCode(input: { code: string; verifier: string; redirectUri: string }, signal?: AbortSignal): Promise<MicrosoftCredentials> {
    return this.tokenRequest(
      { grant_type: 'authorization_code', code: input.code, code_verifier: input.verifier, redirect_uri: input.redirectUri },
      null,
      signal,
    );
  }

  /** A new access token; the refresh token is replaced when the server rotates it. */
  refresh(refreshToken: string, signal?: AbortSignal): Promise<MicrosoftCredentials> {
    // The resource's scopes only: Entra ID wants them named, and a refresh token carries no
    // OpenID Connect scopes of its own to ask for again (oidc-provider refuses those).
    const scope = this.settings.scopes.filter((item) => !OIDC_SCOPES.has(item)).join(' ');
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, ...(scope ? { scope } : {}) }, refreshToken, signal);
  }

  private discover() {
    this.metadata ??= (async () => {
      const url = `${this.settings.authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const response = await this.send(url, { headers: { accept: 'application/json' } });
      const parsed = metadataSchema.safeParse(await readJson(response));
      if (!response.ok || !parsed.success) {
        throw new LibraryError(`The Microsoft sign-in service at ${this.settings.authority} answered no usable configuration (${response.status})`, 'garbage');
      }
      return parsed.data;
    })().catch((error: unknown) => {
      // A failed look-up is not remembered: the next sign-in tries again.
      this.metadata = undefined;
      throw error;
    });
    return this.metadata;
  }

  private async tokenRequest(grant: Record<string, string>, previousRefreshToken: string | null, signal?: AbortSignal): Promise<MicrosoftCredentials> {
    const { token_endpoint } = await this.discover();
    const body = new URLSearchParams({ client_id: this.settings.clientId, ...grant });
    if (this.settings.clientSecret) body.set('client_secret', this.settings.clientSecret);
    const response = await this.send(
      token_endpoint,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: body.toString() },
      signal,
    );
    const answer = await readJson(response);
    if (!response.ok) {
      const error = tokenErrorSchema.safeParse(answer);
      // invalid_grant: the code or refresh token is used, expired or revoked; only a new sign-in helps.
      if (error.success && error.data.error === 'invalid_grant') {
        throw new LibraryError('Microsoft 365 no longer accepts this sign-in; please sign in again', 'needs-sign-in');
      }
      throw new LibraryError(
        `The Microsoft sign-in service refused (${response.status}${error.success ? ` ${error.data.error}` : ''})`,
        'refused',
      );
    }
    const tokens = tokenResponseSchema.safeParse(answer);
    if (!tokens.success) throw new LibraryError('The Microsoft sign-in service answered no usable tokens', 'garbage');
    return {
      access_token: tokens.data.access_token,
      refresh_token: tokens.data.refresh_token ?? previousRefreshToken,
      expires_at: Date.now() + tokens.data.expires_in * 1000,
    };
  }

  private async send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs || 60_000);
    try {
      return await (this.options.fetch ?? fetch)(url, { ...init, redirect: 'error', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new LibraryError('The Microsoft sign-in service did not answer in time', 'timeout', { cause: error });
      throw new LibraryError('The Microsoft sign-in service cannot be reached', 'unreachable', { cause: error });
    }
  }
}

/** The body as JSON, at most MAX_ANSWER_BYTES; undefined when it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await readText(response, MAX_ANSWER_BYTES);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A body as text, refused past `maxBytes` (an answer is untrusted: it could be endless). */
export async function readText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new LibraryError(`Microsoft 365 answered more than ${Math.round(maxBytes / 1024)} KB where a short answer was expected`, 'garbage');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
