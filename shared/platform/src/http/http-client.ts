import { apiErrorSchema, REQUEST_ID_HEADER, STREAM_CONTENT_TYPE, type ApiError } from '@assistant/contracts/startup';
import type { z } from 'zod';
import { safeParse } from 'zod/mini';
import { readJsonLines } from '../streaming/read-json-lines';
import { getTracing, noopSpan, type Span } from '../telemetry/tracing';
import { parseRetryAfter } from './retry-after';
import {
  ApiRequestError,
  NotAuthenticatedError,
  RequestAbortedError,
  ResponseValidationError,
  abortDetail,
} from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an answer is checked with: a schema of the full zod or of zod/mini (the start-up path's, for a smaller shell). */
type Schema = z.core.$ZodType;

/** Pause between two attempts after a 404 (see docs/platform.md "Retries on 404"). */
export const RETRY_DELAY_MS = 100;

export interface RetryOn404 {
  /** How many times a 404 is retried after the first attempt (so at most 1 + times requests). */
  times: number;
  /** The methods that are retried. */
  methods: readonly HttpMethod[];
}

export interface HttpClientOptions {
  /** Prefix of every path, such as '/api' ('' for none). */
  basePath: string;
  /** Retries after a 404 answer (SPEC section 7 client table); none when absent. */
  retriesOn404?: RetryOn404;
  /** Headers added to every call, such as `authorization-type: aa_oidc`. */
  extraHeaders?: Record<string, string>;
  /** The current access token, or null when there is none or the session is invalid. */
  getToken: () => Promise<string | null> | string | null;
  /** Called once per call that found no token; starts the sign-in redirect. */
  onUnauthenticated: () => void;
  /**
   * After a 401 answer to `token`: a new token to send the call again with (once), or null to fail
   * with the 401. A 401 means the API refused the call before doing anything (its token expired on
   * the way, or was signed with a key the API does not know yet), so any call may be repeated,
   * streams included (the answer never started). None: no retry.
   */
  renewRejectedToken?: (token: string) => Promise<string | null>;
  /** Request timeout in milliseconds, read at call time (config requestTimeoutInSeconds x 1000). */
  timeoutMs: () => number;
  /** Origin the paths are resolved against; `window.location.origin` by default. */
  origin?: string;
  /** Pause between retries in ms (default RETRY_DELAY_MS); tests set 0. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What every API client can do. Every JSON answer is checked against the caller's schema. */
export interface HttpClient {
  readonly basePath: string;
  get<S extends Schema>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  post<S extends Schema>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  /** POST whose answer is not read (204 or a body the caller does not need). */
  postVoid(path: string, body?: unknown, options?: RequestOptions): Promise<void>;
  put<S extends Schema>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  /** PATCH; with no schema the answer is not read. */
  patch<S extends Schema>(path: string, body: unknown, schema?: S, options?: RequestOptions): Promise<z.output<S> | undefined>;
  /** DELETE; with no schema the answer is not read. */
  delete<S extends Schema>(path: string, schema?: S, options?: RequestOptions): Promise<z.output<S> | undefined>;
  /** POST that answers JSON lines; the events are validated one by one (streaming/read-json-lines). */
  stream<S extends z.ZodType>(path: string, body: unknown, eventSchema: S, signal?: AbortSignal): Promise<AsyncIterable<z.output<S>>>;
  /** The raw answer after auth, timeout, retries and the status check; for special bodies (files). */
  request(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions & { accept?: string }): Promise<Response>;
  /**
   * The absolute URL and headers (bearer token and the client's own headers) of a call the browser
   * makes itself: an upload through XMLHttpRequest for its progress events, a PDF the preview
   * fetches. Without a token it signs out like every other call (NotAuthenticatedError).
   */
  authorize(path: string): Promise<{ url: string; headers: Record<string, string> }>;
}

const TIMEOUT_REASON = 'request-timeout';

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    basePath,
    retriesOn404,
    extraHeaders = {},
    getToken,
    onUnauthenticated,
    renewRejectedToken,
    timeoutMs,
    retryDelayMs = RETRY_DELAY_MS,
  } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  const urlFor = (path: string): string => {
    const origin = options.origin ?? globalThis.location?.origin ?? 'http://localhost';
    const base = basePath.replace(/\/+$/, '');
    const rest = path === '' ? '' : path.startsWith('/') ? path : `/${path}`;
    return new URL(`${base}${rest}`, origin).toString();
  };

  const retriesFor = (method: HttpMethod): number =>
    retriesOn404 && retriesOn404.methods.includes(method) ? retriesOn404.times : 0;

  /**
   * One call: token, headers, per-attempt timeout, caller's abort, retries on 404. Resolves with a
   * 2xx response; everything else becomes one of the error classes.
   */
  async function request(
    method: HttpMethod,
    path: string,
    body?: unknown,
    requestOptions: RequestOptions & { accept?: string; span?: Span } = {},
  ): Promise<Response> {
    const { signal, accept = 'application/json' } = requestOptions;
    if (signal?.aborted) throw new RequestAbortedError(abortDetail(signal));

    const token = await getToken();
    if (!token) {
      onUnauthenticated();
      throw new NotAuthenticatedError();
    }
    if (signal?.aborted) throw new RequestAbortedError(abortDetail(signal));

    const headers: Record<string, string> = {
      Accept: accept,
      ...extraHeaders,
      ...requestOptions.headers,
      Authorization: `Bearer ${token}`,
    };
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const url = urlFor(path);
    const maxRetries = retriesFor(method);
    let renewedOnce = false;
    let bearer = token;

    for (let attempt = 0; ; attempt += 1) {
      const limit = timeoutMs();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(TIMEOUT_REASON), limit);
      const forwardAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', forwardAbort, { once: true });
      let response: Response;
      try {
        // Inside the caller's span (if any): the fetch span becomes its child, `traceparent` its trace.
        const init: RequestInit = { method, headers, body: payload, signal: controller.signal };
        response = await (requestOptions.span ?? noopSpan).run(() => doFetch(url, init));
      } catch (error) {
        if (signal?.aborted) throw new RequestAbortedError(abortDetail(signal), { cause: error });
        if (controller.signal.aborted) {
          throw new ApiRequestError(`timeout of ${limit}ms exceeded (${method} ${url})`, { timedOut: true, cause: error });
        }
        throw new ApiRequestError(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      } finally {
        signal?.removeEventListener('abort', forwardAbort);
        // The timeout covers the wait for the answer's headers; a stream's body may take longer.
        clearTimeout(timer);
      }

      if (response.ok) return response;

      if (response.status === 401 && renewRejectedToken && !renewedOnce) {
        renewedOnce = true;
        const rejected = bearer;
        const renewed = await renewRejectedToken(rejected).catch(() => null);
        if (signal?.aborted) {
          discard(response);
          throw new RequestAbortedError(abortDetail(signal));
        }
        if (renewed && renewed !== rejected) {
          discard(response);
          bearer = renewed;
          headers.Authorization = `Bearer ${renewed}`;
          attempt -= 1; // the retry after a renew is not one of the 404 retries
          continue;
        }
      }

      if (response.status === 404 && attempt < maxRetries) {
        discard(response);
        await pause(retryDelayMs, signal);
        continue;
      }
      throw await errorFromResponse(method, url, response);
    }
  }

  async function readJson<S extends Schema>(response: Response, schema: S): Promise<z.output<S>> {
    const text = await response.text();
    let json: unknown;
    if (text.trim() === '') {
      json = undefined;
    } else {
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new ResponseValidationError(`the answer is not JSON (${response.url || 'response'})`, { cause: error });
      }
    }
    const result = safeParse(schema, json);
    if (!result.success) throw new ResponseValidationError(describeIssues(result.error), { cause: result.error });
    return result.data;
  }

  return {
    basePath,
    async get(path, schema, requestOptions) {
      return readJson(await request('GET', path, undefined, requestOptions), schema);
    },
    async post(path, body, schema, requestOptions) {
      return readJson(await request('POST', path, body, requestOptions), schema);
    },
    async postVoid(path, body, requestOptions) {
      const response = await request('POST', path, body, requestOptions);
      discard(response);
    },
    async put(path, body, schema, requestOptions) {
      return readJson(await request('PUT', path, body, requestOptions), schema);
    },
    async patch(path, body, schema, requestOptions) {
      const response = await request('PATCH', path, body, requestOptions);
      if (!schema) {
        discard(response);
        return undefined;
      }
      return readJson(response, schema);
    },
    async delete(path, schema, requestOptions) {
      const response = await request('DELETE', path, undefined, requestOptions);
      if (!schema) {
        discard(response);
        return undefined;
      }
      return readJson(response, schema);
    },
    async stream(path, body, eventSchema, signal) {
      // A user action that reaches a model (send a message, ask, translate): one span from the click
      // to the stream's end, parent of the fetch span, so the trace runs click -> API -> model.
      const span = getTracing().startSpan(`stream ${spanRoute(basePath, path)}`, { 'http.request.method': 'POST' });
      let response: Response;
      try {
        response = await request('POST', path, body, { signal, accept: STREAM_CONTENT_TYPE, span });
      } catch (error) {
        span.recordError(error);
        span.end();
        throw error;
      }
      return endSpanWithStream(readJsonLines(response, eventSchema, { signal }), span);
    },
    request,
    async authorize(path) {
      const token = await getToken();
      if (!token) {
        onUnauthenticated();
        throw new NotAuthenticatedError();
      }
      return { url: urlFor(path), headers: { ...extraHeaders, Authorization: `Bearer ${token}` } };
    },
  };
}

/** A span name's route: the path without query, ids replaced by {id} (names stay few). */
export function spanRoute(basePath: string, path: string): string {
  const segments = `${basePath.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`.split(/[?#]/)[0]!.split('/');
  return segments.map((segment) => (/\d/.test(segment) && segment.length >= 8) || /^\d+$/.test(segment) ? '{id}' : segment).join('/');
}

/** The events of a stream; the span ends when the stream ends, fails or is left. */
function endSpanWithStream<T>(events: AsyncIterableIterator<T>, span: Span): AsyncIterableIterator<T> {
  let count = 0;
  let ended = false;
  const end = (error?: unknown) => {
    if (ended) return;
    ended = true;
    span.setAttribute('assistant.stream.events', count);
    if (error !== undefined) span.recordError(error);
    span.end();
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      try {
        const result = await events.next();
        if (result.done) end();
        else count += 1;
        return result;
      } catch (error) {
        end(error);
        throw error;
      }
    },
    async return(value?: unknown) {
      end();
      return events.return ? events.return(value) : { done: true, value: undefined };
    },
  };
}

/** Lets go of an answer's body without reading it (not awaited: a cancel may never settle). */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new RequestAbortedError(abortDetail(signal)));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RequestAbortedError(abortDetail(signal!)));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function errorFromResponse(method: HttpMethod, url: string, response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  return apiErrorFromText(method, url, response.status, text, response.statusText, response.headers.get('retry-after'), response.headers.get(REQUEST_ID_HEADER));
}

/**
 * The error of a failed answer from its status, body text, `retry-after` and `x-request-id`
 * headers; also for calls made outside the client (an XMLHttpRequest upload), so every failure
 * reads the same.
 */
export function apiErrorFromText(
  method: HttpMethod,
  url: string,
  status: number,
  text: string,
  statusText = '',
  retryAfter?: string | null,
  requestId?: string | null,
): ApiRequestError {
  let body: ApiError | undefined;
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) body = parsed.data;
  } catch {
    // Not the server's error body (a proxy's HTML page, for example): the status says enough.
  }
  const reason = body?.message ?? statusText;
  const detail = `${status}${reason ? ` ${reason}` : ''} (${method} ${url})`;
  return new ApiRequestError(detail, { status, body, retryAfterSeconds: parseRetryAfter(retryAfter), requestId: requestId || undefined });
}

/** zod issues as one line: "path: message; path: message". */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .concat(error.issues.length > 5 ? [`and ${error.issues.length - 5} more`] : [])
    .join('; ');
}
