import type { z } from 'zod';
import { LibraryError } from '../connector';
import { graphErrorSchema } from './graph-schemas';
import { readText, type MicrosoftCredentials } from './microsoft-oauth';

/** Most bytes of one JSON answer (a page of 200 items is well under 1 MB). */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
/** An access token this close to its expiry is renewed before use. */
const EXPIRY_MARGIN_MS = 60_000;

export interface ThrottlePolicy {
  /** Tries of one request in all, while Graph answers 429 or 503. */
  attempts: number;
  /** Longest wait Graph may ask for (Retry-After); a longer one fails the call. */
  maxWaitMs: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = { attempts: 5, maxWaitMs: 120_000 };

export interface GraphClientOptions {
  /** Graph's base URL with its version; every link followed must start with it. */
  baseUrl: string;
  /** The guarded fetch (library-hosts.ts): Graph's host and the download hosts must be allowed. */
  fetch: typeof fetch;
  timeoutMs: number;
  throttle: ThrottlePolicy;
  credentials: MicrosoftCredentials;
  /** Renews the access token with the refresh token. */
  refresh(refreshToken: string, signal: AbortSignal): Promise<MicrosoftCredentials>;
  /** Stores renewed credentials (a rotated refresh token must not be lost). */
  saveCredentials?(credentials: MicrosoftCredentials): Promise<void>;
}

/**
 * Calls Microsoft Graph as the signed-in user: bearer token renewed before it expires (and once on
 * a 401), throttling (429, 503) waited out as `Retry-After` asks within a bound, each failure
 * turned into a LibraryError the user can read (410 Gone is `resync`: a delta token expired).
 */
export class GraphClient {
  private credentials: MicrosoftCredentials;
  private renewal: Promise<void> | undefined;

  constructor(private readonly options: GraphClientOptions) {
    this.credentials = options.credentials;
  }

  /** A Graph path (`/me/drive`) or a link Graph gave (`@odata.nextLink`) as a URL under the base. */
  url(pathOrLink: string): string {
    const base = this.options.baseUrl;
    if (pathOrLink.startsWith('/')) return `${base}${pathOrLink}`;
    // Links come from answers: the bearer token goes to Graph's base and nowhere else.
    if (!URL.canParse(pathOrLink) || !pathOrLink.startsWith(`${base}/`)) {
      throw new LibraryError('Microsoft 365 answered a link outside Microsoft Graph', 'garbage');
    }
    return pathOrLink;
  }

  async json<T>(pathOrLink: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> {
    const response = await this.request(pathOrLink, signal);
    const text = await readText(response, MAX_JSON_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new LibraryError('Microsoft 365 answered something that is not JSON', 'garbage');
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new LibraryError('Microsoft 365 answered in an unexpected form', 'garbage');
    return parsed.data;
  }

  /** One GET, answered below 400 (the guarded fetch has followed redirects). */
  async request(pathOrLink: string, signal: AbortSignal): Promise<Response> {
    const url = this.url(pathOrLink);
    let renewed = false;
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.accessToken(signal);
      const response = await this.send(url, token, signal);
      if (response.status < 400) return response;
      if (response.status === 401 && !renewed && this.credentials.refresh_token) {
        await response.body?.cancel();
        // Revoked early or the clock is off: renew once, then a 401 is final.
        await this.renew(signal, token);
        renewed = true;
        continue;
      }
      if ((response.status === 429 || response.status === 503) && attempt < this.options.throttle.attempts) {
        const waitMs = retryAfterMs(response.headers.get('retry-after'), attempt);
        await response.body?.cancel();
        if (waitMs > this.options.throttle.maxWaitMs) {
          throw new LibraryError(`Microsoft 365 asks to wait ${Math.ceil(waitMs / 1000)} s before the next request; the sync tries again later`, 'timeout');
        }
        await sleep(waitMs, signal);
        continue;
      }
      throw await failure(response);
    }
  }

  /** The timeout bounds the wait for the headers only: a download's body may take long (it stalls: the guarded fetch's body timeout). */
  private async send(url: string, token: string, signal: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new LibraryError('Microsoft 365 did not answer in time', 'timeout')), this.options.timeoutMs || 60_000);
    try {
      return await this.options.fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: controller.signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (controller.signal.reason instanceof LibraryError) throw controller.signal.reason;
      if (error instanceof LibraryError) throw error;
      throw new LibraryError('Microsoft 365 cannot be reached', 'unreachable', { cause: error });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  private async accessToken(signal: AbortSignal): Promise<string> {
    if (this.credentials.expires_at - EXPIRY_MARGIN_MS <= Date.now()) await this.renew(signal, this.credentials.access_token);
    return this.credentials.access_token;
  }

  /** One renewal at a time; callers that held `staleToken` wait for it and use its result. */
  private async renew(signal: AbortSignal, staleToken: string): Promise<void> {
    if (this.credentials.access_token !== staleToken) return;
    this.renewal ??= (async () => {
      const refreshToken = this.credentials.refresh_token;
      if (!refreshToken) throw new LibraryError('The Microsoft 365 sign-in has expired; please sign in again', 'needs-sign-in');
      const renewed = await this.options.refresh(refreshToken, signal);
      // In use at once (the old refresh token may be spent), and stored for the next session.
      this.credentials = renewed;
      await this.options.saveCredentials?.(renewed);
    })().finally(() => {
      this.renewal = undefined;
    });
    await this.renewal;
  }
}

/** `Retry-After` in seconds or as an HTTP date; without one, 1, 2, 4 ... seconds. */
export function retryAfterMs(header: string | null, attempt: number): number {
  if (header) {
    if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, at - Date.now());
  }
  return 1000 * 2 ** (attempt - 1);
}

async function failure(response: Response): Promise<LibraryError> {
  const status = response.status;
  let code: string | undefined;
  try {
    const parsed = graphErrorSchema.safeParse(JSON.parse(await readText(response, 64 * 1024)));
    code = parsed.success ? parsed.data.error.code : undefined;
  } catch {
    // The status says enough.
  }
  if (status === 410) return new LibraryError('Microsoft 365 no longer knows where the last sync stopped; the folder is read again', 'resync');
  if (status === 401) return new LibraryError('Microsoft 365 no longer accepts this sign-in; please sign in again', 'needs-sign-in');
  if (status === 403) return new LibraryError('Microsoft 365 refuses access to this item (permission missing)', 'refused');
  if (status === 404) return new LibraryError('The item no longer exists in Microsoft 365', 'refused');
  if (status === 429 || status >= 500) return new LibraryError(`Microsoft 365 is busy or failing (${status}${code ? ` ${code}` : ''}); the sync tries again later`, 'unreachable');
  return new LibraryError(`Microsoft 365 refused the request (${status}${code ? ` ${code}` : ''})`, 'refused');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

