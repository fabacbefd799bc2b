import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { streamEventSchema, versionResponseSchema } from '@assistant/contracts';
import { z } from 'zod';
import { createApiClients, type ApiClients } from '../api-clients';
import { ApiRequestError, NotAuthenticatedError, RequestAbortedError, ResponseValidationError } from '../errors';
import { apiErrorFromText, createHttpClient, RETRY_DELAY_MS } from '../http-client';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ok = z.object({ ok: z.boolean() });

/** Answers 404 to everything under a path and counts the calls with their method and headers. */
function always404(pattern: string) {
  const calls: Request[] = [];
  server.use(
    http.all(pattern, ({ request }) => {
      calls.push(request.clone());
      return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'nothing here' }, { status: 404 });
    }),
  );
  return calls;
}

function clients(overrides: Partial<Parameters<typeof createApiClients>[0]> = {}): ApiClients {
  return createApiClients({
    getToken: () => 'token-1',
    onUnauthenticated: jest.fn(),
    retryDelayMs: 0,
    otherBasePath: '/other',
    ...overrides,
  });
}

describe('retries on 404 per client (SPEC section 7)', () => {
  it.each([
    ['api', '/api/*', 'GET', 21],
    ['api', '/api/*', 'POST', 1],
    ['iam', '/api/iam/*', 'GET', 1],
    ['iam', '/api/iam/*', 'POST', 1],
    ['nls', '/nls/*', 'GET', 8],
    ['nls', '/nls/*', 'POST', 8],
    ['nls', '/nls/*', 'DELETE', 1],
    ['conductor', '/api/conductor/*', 'GET', 1],
    ['conductor', '/api/conductor/*', 'POST', 1],
    ['root', '/*', 'GET', 6],
    ['root', '/*', 'POST', 1],
    ['other', '/other/*', 'GET', 2],
  ] as const)('%s %s %s: %i requests in all', async (name, pattern, method, expected) => {
    const calls = always404(`http://localhost${pattern}`);
    const client = clients()[name];
    const call =
      method === 'GET'
        ? client.get('thing', ok)
        : method === 'POST'
          ? client.post('thing', { a: 1 }, ok)
          : client.delete('thing');
    await expect(call).rejects.toThrow(ApiRequestError);
    expect(calls).toHaveLength(expected);
    expect(new Set(calls.map((c) => c.method))).toEqual(new Set([method]));
    expect(calls.every((c) => new URL(c.url).pathname.endsWith('/thing'))).toBe(true);
  });

  it('a 404 that turns into a 200 while retrying is a success', async () => {
    let n = 0;
    server.use(
      http.get('http://localhost/api/late', () => (++n < 3 ? new HttpResponse(null, { status: 404 }) : HttpResponse.json({ ok: true }))),
    );
    await expect(clients().api.get('late', ok)).resolves.toEqual({ ok: true });
    expect(n).toBe(3);
  });

  it('other statuses are not retried', async () => {
    let n = 0;
    server.use(http.get('http://localhost/api/broken', () => (n++, new HttpResponse(null, { status: 500 }))));
    await expect(clients().api.get('broken', ok)).rejects.toThrow('API request failed: 500');
    expect(n).toBe(1);
  });

  it(`waits ${RETRY_DELAY_MS} ms between two attempts`, async () => {
    jest.useFakeTimers();
    try {
      const fetchStub = jest.fn(async () => new Response(null, { status: 404 }));
      const client = createHttpClient({
        basePath: '/api',
        retriesOn404: { times: 2, methods: ['GET'] },
        getToken: () => 't',
        onUnauthenticated: jest.fn(),
        timeoutMs: () => 10_000,
        fetch: fetchStub,
      });
      const result = client.get('x', ok).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(0);
      expect(fetchStub).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
      expect(fetchStub).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(fetchStub).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
      expect(fetchStub).toHaveBeenCalledTimes(3);
      expect(await result).toBeInstanceOf(ApiRequestError);
    } finally {
      jest.useRealTimers();
    }
  });

  it('the /api client gives up on a lasting 404 within 3 s (20 retries)', async () => {
    jest.useFakeTimers();
    try {
      const fetchStub = jest.fn(async () => new Response(null, { status: 404 }));
      const client = createHttpClient({
        basePath: '/api',
        retriesOn404: { times: 20, methods: ['GET'] },
        getToken: () => 't',
        onUnauthenticated: jest.fn(),
        timeoutMs: () => 10_000,
        fetch: fetchStub,
      });
      let settled = false;
      const result = client.get('x', ok).catch((e: unknown) => e).finally(() => (settled = true));
      await jest.advanceTimersByTimeAsync(2_999);
      expect(settled).toBe(true);
      expect(fetchStub).toHaveBeenCalledTimes(21);
      expect(await result).toBeInstanceOf(ApiRequestError);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('headers', () => {
  it('sends the bearer token on every call, and authorization-type: aa_oidc only on /nls and /api/conductor', async () => {
    const seen: Record<string, { auth: string | null; type: string | null }> = {};
    server.use(
      http.all('http://localhost/*', ({ request }) => {
        seen[new URL(request.url).pathname] = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('authorization-type'),
        };
        return HttpResponse.json({ ok: true });
      }),
    );
    const c = clients();
    await c.api.get('a', ok);
    await c.iam.post('b', {}, ok);
    await c.nls.get('c', ok);
    await c.nls.post('c2', { q: 1 }, ok);
    await c.conductor.get('d', ok);
    await c.root.get('e', ok);
    await c.other.get('f', ok);
    expect(seen).toEqual({
      '/api/a': { auth: 'Bearer token-1', type: null },
      '/api/iam/b': { auth: 'Bearer token-1', type: null },
      '/nls/c': { auth: 'Bearer token-1', type: 'aa_oidc' },
      '/nls/c2': { auth: 'Bearer token-1', type: 'aa_oidc' },
      '/api/conductor/d': { auth: 'Bearer token-1', type: 'aa_oidc' },
      '/e': { auth: 'Bearer token-1', type: null },
      '/other/f': { auth: 'Bearer token-1', type: null },
    });
  });
});

describe('no token', () => {
  it('fails with "No token available. Redirecting to login.", starts sign-in and sends nothing', async () => {
    const calls = always404('http://localhost/*');
    const onUnauthenticated = jest.fn();
    const c = clients({ getToken: async () => null, onUnauthenticated });
    const error = await c.api.get('feature-flags', ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAuthenticatedError);
    expect((error as Error).message).toBe('No token available. Redirecting to login.');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });
});

describe('authorize() for calls the browser makes itself', () => {
  it('gives the absolute URL with the bearer token and the client\'s own headers', async () => {
    const c = clients();
    await expect(c.api.authorize('files/f-1/content')).resolves.toEqual({
      url: 'http://localhost/api/files/f-1/content',
      headers: { Authorization: 'Bearer token-1' },
    });
    await expect(c.nls.authorize('/x')).resolves.toEqual({
      url: 'http://localhost/nls/x',
      headers: { 'authorization-type': 'aa_oidc', Authorization: 'Bearer token-1' },
    });
  });

  it('without a token starts sign-in and fails like every other call', async () => {
    const onUnauthenticated = jest.fn();
    const c = clients({ getToken: async () => null, onUnauthenticated });
    await expect(c.api.authorize('files')).rejects.toBeInstanceOf(NotAuthenticatedError);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });
});

describe('timeout and abort', () => {
  it('times out after timeoutMs(), read at call time', async () => {
    server.use(
      http.get('http://localhost/api/slow', async () => {
        await delay(2000);
        return HttpResponse.json({ ok: true });
      }),
    );
    let limit = 5000;
    const c = clients({ timeoutMs: () => limit });
    limit = 40; // changed after the client was made: the call must see it
    const started = Date.now();
    const error = await c.api.get('slow', ok).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).timedOut).toBe(true);
    expect((error as Error).message).toMatch(/^API request failed: timeout of 40ms exceeded/);
  });

  it('aborts with "Request aborted: {detail}"', async () => {
    server.use(
      http.get('http://localhost/api/slow', async () => {
        await delay(2000);
        return HttpResponse.json({ ok: true });
      }),
    );
    const controller = new AbortController();
    const call = clients().api.get('slow', ok, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left the page')), 20);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as Error).message).toBe('Request aborted: user left the page');
  });

  it('an abort also ends the wait between retries', async () => {
    const calls = always404('http://localhost/api/*');
    const c = createApiClients({ getToken: () => 't', onUnauthenticated: jest.fn(), retryDelayMs: 10_000 });
    const controller = new AbortController();
    const call = c.api.get('gone', ok, { signal: controller.signal });
    setTimeout(() => controller.abort('stop'), 30);
    await expect(call).rejects.toThrow('Request aborted: stop');
    expect(calls).toHaveLength(1);
  });
});

describe('the three error messages', () => {
  it('API request failed: {detail} with the server message and status', async () => {
    server.use(
      http.get('http://localhost/api/version', () =>
        HttpResponse.json({ statusCode: 503, error: 'Service Unavailable', message: 'database down' }, { status: 503 }),
      ),
    );
    const error = (await clients().api.get('version', versionResponseSchema).catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.message).toBe('API request failed: 503 database down (GET http://localhost/api/version)');
    expect(error.status).toBe(503);
    expect(error.body?.message).toBe('database down');
    expect(error.messageKey).toBe('server-error');
  });

  it('keeps the fields of an error body beyond the common ones (a 409 with the version stored now)', async () => {
    const current = { id: 'a1', name: 'Travel desk', version: 4 };
    server.use(
      http.put('http://localhost/api/agents/a1', () =>
        HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'newer version', code: 'conflict', current }, { status: 409 }),
      ),
    );
    const error = (await clients().api.put('agents/a1', { name: 'Mine' }, ok).catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.body).toMatchObject({ code: 'conflict', current });
    const agentShape = z.object({ id: z.string(), name: z.string(), version: z.number().int() });
    expect(error.bodyField('current', agentShape)).toEqual(current);
    // What does not match the caller's schema, or is not there, is no value.
    expect(error.bodyField('current', z.object({ version: z.string() }))).toBeUndefined();
    expect(error.bodyField('missing', agentShape)).toBeUndefined();
    expect(error.bodyField('toString', z.unknown())).toBeUndefined();
  });

  it('exposes the contract code clients branch on: the body\'s, else the status\'s default, none without an answer', async () => {
    server.use(
      http.get('http://localhost/api/sources', () => HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'later', code: 'sources_not_ready' }, { status: 409 })),
      http.get('http://localhost/api/bare', () => new HttpResponse(null, { status: 404 })),
      http.get('http://localhost/api/newer', () => HttpResponse.json({ statusCode: 502, error: 'Bad Gateway', message: 'x', code: 'from_a_newer_server' }, { status: 502 })),
      http.get('http://localhost/api/down', () => HttpResponse.error()),
    );
    const codeOf = async (path: string) => ((await clients().api.get(path, ok).catch((e: unknown) => e)) as ApiRequestError).code;
    expect(await codeOf('sources')).toBe('sources_not_ready');
    expect(await codeOf('bare')).toBe('not_found');
    expect(await codeOf('newer')).toBe('upstream_failed');
    expect(await codeOf('down')).toBeUndefined();
  });

  it('API request failed on a network error', async () => {
    server.use(http.get('http://localhost/api/version', () => HttpResponse.error()));
    await expect(clients().api.get('version', versionResponseSchema)).rejects.toThrow(/^API request failed: GET http:\/\/localhost\/api\/version: /);
  });

  it('Response validation failed: {detail} names the wrong field', async () => {
    server.use(http.get('http://localhost/api/version', () => HttpResponse.json({ version: 42 })));
    const error = await clients().api.get('version', versionResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/^Response validation failed: version: /);
  });

  it('Response validation failed when the answer is not JSON', async () => {
    server.use(http.get('http://localhost/api/version', () => HttpResponse.text('<html>proxy</html>')));
    await expect(clients().api.get('version', versionResponseSchema)).rejects.toThrow(/^Response validation failed: the answer is not JSON/);
  });
});

describe('the server\'s request id', () => {
  it('is kept with a failed call (x-request-id), for developer mode\'s notifications', async () => {
    server.use(http.get('http://localhost/api/thing', () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Internal server error', code: 'internal' }, { status: 500, headers: { 'x-request-id': 'req-42' } })));
    const error = (await clients().api.get('thing', ok).catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.requestId).toBe('req-42');
    server.use(http.get('http://localhost/api/other', () => new HttpResponse(null, { status: 500 })));
    expect(((await clients().api.get('other', ok).catch((e: unknown) => e)) as ApiRequestError).requestId).toBeUndefined();
  });
});

describe('429: when to try again', () => {
  const limited = (seconds?: number) => ({
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Too many model requests',
    code: 'rate_limited',
    ...(seconds === undefined ? {} : { retry_after_seconds: seconds }),
  });

  it('carries the retry-after header in seconds', async () => {
    server.use(http.post('http://localhost/api/translate', () => HttpResponse.json(limited(7), { status: 429, headers: { 'Retry-After': '20' } })));
    const error = (await clients().api.post('translate', { text: 'x' }, ok).catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.messageKey).toBe('rate-limited');
    expect(error.retryAfterSeconds).toBe(20);
    expect(error.messageValues).toEqual({ count: 20 });
  });

  it('reads an HTTP-date retry-after as the seconds until then', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    server.use(http.get('http://localhost/api/thing', () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': inAMinute } })));
    const error = (await clients().api.get('thing', ok).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('falls back to the body field without the header (a proxy that drops it)', async () => {
    server.use(http.get('http://localhost/api/thing', () => HttpResponse.json(limited(12), { status: 429 })));
    const error = (await clients().api.get('thing', ok).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.retryAfterSeconds).toBe(12);
  });

  it('has none when the server says nothing, or for other statuses', async () => {
    server.use(
      http.get('http://localhost/api/thing', () => HttpResponse.json(limited(), { status: 429 })),
      http.get('http://localhost/api/other', () => HttpResponse.json({ statusCode: 503, error: 'x', message: 'y' }, { status: 503, headers: { 'Retry-After': '30' } })),
    );
    const silent = (await clients().api.get('thing', ok).catch((e: unknown) => e)) as ApiRequestError;
    expect(silent.retryAfterSeconds).toBeUndefined();
    expect(silent.messageValues).toBeUndefined();
    const other = (await clients().api.get('other', ok).catch((e: unknown) => e)) as ApiRequestError;
    expect(other.retryAfterSeconds).toBe(30);
    expect(other.messageValues).toBeUndefined();
  });

  it('also for a streamed call refused before it streams', async () => {
    server.use(http.post('http://localhost/api/chat/stream', () => HttpResponse.json(limited(5), { status: 429, headers: { 'Retry-After': '5' } })));
    const error = (await clients()
      .api.stream('chat/stream', { payload: { content: 'Hi' } }, streamEventSchema)
      .catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(5);
  });

  it('for a call made outside the client (an upload) from the header or the body', () => {
    const body = JSON.stringify(limited(30));
    expect(apiErrorFromText('POST', '/api/collections/c/files', 429, body, '', '45').retryAfterSeconds).toBe(45);
    expect(apiErrorFromText('POST', '/api/collections/c/files', 429, body).retryAfterSeconds).toBe(30);
  });
});

describe('methods', () => {
  it('post, patch and delete send JSON and validate when a schema is given', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('http://localhost/api/things', async ({ request }) => (bodies.push(await request.json()), HttpResponse.json({ ok: true }))),
      http.patch('http://localhost/api/things/1', async ({ request }) => (bodies.push(await request.json()), new HttpResponse(null, { status: 204 }))),
      http.delete('http://localhost/api/things/1', () => HttpResponse.json({ ok: false })),
    );
    const c = clients();
    await expect(c.api.post('things', { name: 'a' }, ok)).resolves.toEqual({ ok: true });
    await expect(c.api.patch('things/1', { name: 'b' })).resolves.toBeUndefined();
    await expect(c.api.delete('things/1', ok)).resolves.toEqual({ ok: false });
    expect(bodies).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('stream() posts and yields validated events', async () => {
    server.use(
      http.post('http://localhost/api/qa/chat', ({ request }) => {
        expect(request.headers.get('accept')).toBe('application/x-ndjson');
        return new HttpResponse('{"kind":"stream_text","event":{"stream_id":"s","type":"begin"}}\n{"kind":"done"}\n', {
          headers: { 'Content-Type': 'application/x-ndjson' },
        });
      }),
    );
    const got = [];
    for await (const event of await clients().api.stream('qa/chat', { q: 'hi' }, streamEventSchema)) got.push(event.kind);
    expect(got).toEqual(['stream_text', 'done']);
  });
});

describe('stream abort', () => {
  it('an abort in the middle of a streamed answer ends the iteration with RequestAbortedError', async () => {
    const encoder = new TextEncoder();
    server.use(
      http.post('http://localhost/api/qa/chat', () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('{"kind":"stream_text","event":{"stream_id":"s","type":"begin"}}\n'));
            // the rest never comes
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
      }),
    );
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const event of await clients().api.stream('qa/chat', {}, streamEventSchema, controller.signal)) {
        seen.push(event.kind);
        setTimeout(() => controller.abort('stopped by the user'), 10);
      }
    })();
    await expect(run).rejects.toThrow('Request aborted: stopped by the user');
    expect(seen).toEqual(['stream_text']);
  });
});
