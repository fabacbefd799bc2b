import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { allowLoopbackOnly } from '../testing/loopback-only';
import { LOOPBACK_URLS } from '../testing/json-schema-arbitrary';
import { multipartOf, operationsOf, requestsOf, urlOf, type GeneratedRequest, type OpenApiDocument, type Operation } from '../testing/openapi-operations';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * The API fuzz (docs/api.md "Fuzz"): the OpenAPI document the server serves drives requests to
 * every operation, generated from each one's JSON Schema with fast-check, and every answer must be
 * one the document declares for it (status and body), never a 500; and user B, given the ids of
 * user A's conversations, collections, files, agents, canvases and apps, never gets a 2xx for
 * them, nor an answer that holds one of them; what A shared with B, B reads.
 *
 * Reproduce a failure with the seed and the operation it prints:
 *   API_FUZZ_SEED=<seed> API_FUZZ_OPERATION='POST /api/agents' node --import tsx --test server/src/__tests__/api-fuzz.test.ts
 */
const SEED = Number(process.env.API_FUZZ_SEED ?? 29_112_026);
/** Wall time of the fuzzing (the setup adds ~30 s); each operation gets an equal share (at most API_FUZZ_RUNS requests). */
const BUDGET_MS = Number(process.env.API_FUZZ_BUDGET_MS ?? 45_000);
const MAX_RUNS = Number(process.env.API_FUZZ_RUNS ?? 40);
const ONLY = process.env.API_FUZZ_OPERATION;
/** How long an answer's body is read: a stream that follows a running job is cut there. */
const STREAM_READ_MS = 2_000;

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** The body ended (false: cut after STREAM_READ_MS). */
  complete: boolean;
  json(): unknown;
}

const guard = allowLoopbackOnly();

type Caller = 'a' | 'b' | 'admin';
const USERS: Record<Caller, { sub: string; roles: (adminRole: string) => string[] }> = {
  a: { sub: 'fuzz-owner', roles: () => [] },
  b: { sub: 'fuzz-other', roles: () => [] },
  admin: { sub: 'fuzz-admin', roles: (adminRole) => [adminRole] },
};

describe('API fuzz: every operation of the OpenAPI document', { timeout: 4 * BUDGET_MS }, () => {
  let t: TestApp;
  let dataDir: string;
  let operations: Operation[];
  let document: OpenApiDocument;
  const tokens = new Map<Caller, string>();
  const validators = new Map<string, ValidateFunction>();
  const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { binary: true } });
  addFormats(ajv);
  /** Ids of user A's rows, made through the API before B is let loose on them. */
  const ownedByA = new Set<string>();
  /** The operations that made them, for the report. */
  const createdBy: string[] = [];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'assistant-fuzz-'));
    t = await startTestApp(undefined, { env: { DATA_DIR: dataDir } });
    for (const [caller, user] of Object.entries(USERS) as [Caller, (typeof USERS)[Caller]][]) {
      // The e-mail does not spell the sub: A's e-mail and name are what B may see of A as a colleague.
      tokens.set(caller, await t.issuer.sign({ sub: user.sub, email: `user-${caller}@example.com`, roles: user.roles(t.config.auth.adminRole), groups: [] }, { audience: t.config.auth.audience, expiresIn: '30m' }));
    }
    const response = await call('a', { method: 'GET', url: '/api/openapi.json' });
    assert.equal(response.statusCode, 200, response.body);
    document = response.json() as OpenApiDocument;
    const all = operationsOf(document);
    operations = all.filter((op) => !ONLY || op.name === ONLY);
    ownedByA.add(USERS.a.sub);
    await createAsA(all);
  });

  after(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
    guard.restore();
  });

  /**
   * One request. The body is read for at most STREAM_READ_MS: an answer that follows a stream
   * (research events) may stay open for minutes, so it is cut there (`complete` false) and the
   * request aborted, like a client that leaves.
   */
  async function call(caller: Caller | undefined, options: InjectOptions): Promise<Answer> {
    const token = caller && tokens.get(caller);
    const abort = new AbortController();
    const answered = t.app.inject({ ...options, headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payloadAsStream: true, signal: abort.signal });
    let waited: ReturnType<typeof setTimeout> | number | undefined;
    const response = await Promise.race([answered, new Promise<undefined>((resolve) => (waited = setTimeout(resolve, STREAM_READ_MS)))]);
    clearTimeout(waited);
    if (!response) {
      abort.abort();
      answered.catch(() => undefined);
      return { statusCode: 0, headers: {}, body: '', complete: false, json: () => undefined };
    }
    const chunks: Buffer[] = [];
    const stream = response.stream();
    const complete = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), STREAM_READ_MS);
      stream.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
      stream.once('end', () => (clearTimeout(timer), resolve(true)));
      stream.once('error', () => (clearTimeout(timer), resolve(false)));
    });
    if (!complete) abort.abort();
    const body = Buffer.concat(chunks).toString();
    return { statusCode: response.statusCode, headers: response.headers, body, complete, json: () => JSON.parse(body) as unknown };
  }

  function send(caller: Caller | undefined, operation: Operation, request: GeneratedRequest) {
    const options: InjectOptions = { method: operation.method as InjectOptions['method'], url: urlOf(operation, request) };
    if (operation.body && request.body !== undefined) {
      if (operation.body.type === 'multipart/form-data') {
        const form = multipartOf(operation.body.schema, request.body as Record<string, unknown>);
        options.payload = form.payload;
        options.headers = { 'content-type': form.contentType };
      } else {
        options.payload = JSON.stringify(request.body);
        options.headers = { 'content-type': operation.body.type };
      }
    }
    return call(caller, options);
  }

  /**
   * User A's rows: every operation that creates (a POST answering 201 with an `id`) is called as A
   * until it succeeds, first those without path ids, then those under A's new ids (a canvas in a
   * conversation, a file in a collection).
   */
  async function createAsA(all: Operation[]) {
    const creators = all.filter((op) => op.method === 'POST' && op.responses.has(201));
    for (const round of [0, 1]) {
      for (const operation of creators.filter((op) => (op.pathParams.length > 0) === (round === 1))) {
        const requests = fc.sample(requestsOf(operation, { knownIds: [...ownedByA] }), { seed: SEED, numRuns: 40 });
        for (const request of requests) {
          const response = await send('a', operation, request);
          if (response.statusCode !== 201) continue;
          for (const id of idsIn(response.json())) ownedByA.add(id);
          createdBy.push(operation.name);
          break;
        }
      }
    }
  }

  function validatorFor(operation: Operation, status: number, type: string): ValidateFunction | undefined {
    const key = `${operation.name} ${status} ${type}`;
    if (!validators.has(key)) {
      const schema = operation.responses.get(status)?.get(type);
      if (schema) validators.set(key, ajv.compile({ ...schema, $id: undefined, components: document.components }));
    }
    return validators.get(key);
  }

  /** What is wrong with an answer, or undefined: undeclared status, 500, a body off its schema. */
  function problemWith(operation: Operation, response: Answer): string | undefined {
    const status = response.statusCode;
    if (status === 0) {
      // A JSON-lines answer that follows a running job sends its head with its first line (as
      // injected); one that has nothing new yet is still open, not wrong.
      if (operation.responses.get(200)?.has('application/x-ndjson')) return undefined;
      return `no answer (not even its status) within ${STREAM_READ_MS} ms`;
    }
    if (status === 500) return `500: ${response.body.slice(0, 300)}`;
    const declared = operation.responses.get(status);
    if (!declared) return `status ${status} is not declared (${[...operation.responses.keys()].join(', ')}): ${response.body.slice(0, 300)}`;
    const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim();
    if (declared.size === 0) return response.body.length > 0 ? `${status} has a body but declares none: ${response.body.slice(0, 200)}` : undefined;
    // `*/*`: the bytes of a stored file, in the file's own type (nothing to check them against).
    if (declared.has('*/*')) return undefined;
    const schemaType = declared.has(type) ? type : undefined;
    if (!schemaType) return `${status} answered ${type || 'no content type'}, declared: ${[...declared.keys()].join(', ')}`;
    // A text download (Markdown, CSV): its schema says only that it is text; there is no JSON to check.
    if (!schemaType.includes('json')) return undefined;
    const validate = validatorFor(operation, status, schemaType);
    if (!validate) return undefined;
    // A stream cut off by STREAM_READ_MS: its complete lines only.
    const lines = response.complete ? response.body.split('\n') : response.body.split('\n').slice(0, -1);
    if (!response.complete && schemaType !== 'application/x-ndjson') return `${status} ${schemaType} answer did not end within ${STREAM_READ_MS} ms`;
    const bodies = schemaType === 'application/x-ndjson' ? lines.filter(Boolean) : [response.body];
    for (const text of bodies) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `${status} body is not JSON: ${text.slice(0, 200)}`;
      }
      if (!validate(body)) return `${status} body does not match its schema: ${ajv.errorsText(validate.errors)}; body ${text.slice(0, 300)}`;
    }
    return undefined;
  }

  /** Runs `operation`'s property for its share of the budget. */
  async function fuzz(operation: Operation, caller: Caller, share: number, check: (request: GeneratedRequest, response: Answer) => string | undefined) {
    const knownIds = [...ownedByA];
    await fc.assert(
      fc.asyncProperty(requestsOf(operation, { knownIds }), async (request) => {
        const response = await send(caller, operation, request);
        const problem = problemWith(operation, response) ?? check(request, response);
        if (problem) throw new Error(`${operation.name} as ${caller}: ${problem}`);
      }),
      { seed: SEED, numRuns: MAX_RUNS, interruptAfterTimeLimit: share, markInterruptAsFailure: false, endOnFailure: false },
    );
  }

  // At least one request's time each, a cut stream's included: fast-check counts a property it interrupted before its first run as failed.
  const share = () => Math.max(BUDGET_MS / (2 * Math.max(1, operations.length)), STREAM_READ_MS + 1_000);

  it("gives user B what user A shared with them, and only that", async () => {
    // B signs in first: only someone the directory knows can be shared with.
    assert.equal((await call('b', { method: 'GET', url: '/api/shared-with-me' })).statusCode, 200);
    const created = await call('a', { method: 'POST', url: '/api/prompts', payload: { title: 'For B', text: 'Shared {{topic}}' } });
    assert.equal(created.statusCode, 201, created.body);
    const id = (created.json() as { id: string }).id;
    const kept = await call('a', { method: 'POST', url: '/api/prompts', payload: { title: 'Not for B', text: 'Mine' } });
    ownedByA.add((kept.json() as { id: string }).id);
    const shared = await call('a', { method: 'PUT', url: `/api/shares/prompt/${id}`, payload: { shares: [{ target: { type: 'user', id: USERS.b.sub }, role: 'view' }] } });
    assert.equal(shared.statusCode, 200, shared.body);

    assert.equal((await call('b', { method: 'GET', url: `/api/prompts/${id}` })).statusCode, 200);
    const received = (await call('b', { method: 'GET', url: '/api/shared-with-me' })).json() as { items: { id: string }[] };
    assert.deepEqual(received.items.map((item) => item.id), [id]);
    // Read-only: B neither changes it nor sees or changes who has access.
    assert.equal((await call('b', { method: 'PUT', url: `/api/prompts/${id}`, payload: { title: 'Mine now', text: 'x' } })).statusCode, 403);
    assert.equal((await call('b', { method: 'GET', url: `/api/shares/prompt/${id}` })).statusCode, 404);
  });

  it('answers user B with nothing of user A, and only what the document declares', async (context) => {
    assert.ok(ownedByA.size > 4, `user A owns rows to steal: ${[...ownedByA].join(', ')}`);
    context.diagnostic(`user A's rows (${ownedByA.size} ids) made by: ${createdBy.join('; ')}`);
    for (const operation of operations) {
      await context.test(operation.name, () =>
        fuzz(operation, 'b', share(), (request, response) => {
          const stolen = [...Object.values(request.path), ...Object.values(request.query)].find((value) => typeof value === 'string' && ownedByA.has(value));
          if (stolen && response.statusCode < 300) return `user B got ${response.statusCode} with user A's ${stolen}: ${response.body.slice(0, 200)}`;
          // Nor does any answer of B's hold an id of A's that B did not send (a list, a search).
          const sent = JSON.stringify(request);
          // A's sub may name A as a person (a `sub` field: who shared something with B, a colleague in the directory), never a row of A's.
          const body = response.body.replaceAll(`"sub":"${USERS.a.sub}"`, '');
          const leaked = [...ownedByA].find((id) => body.includes(id) && !sent.includes(id));
          if (leaked) return `user B's answer holds user A's ${leaked}: ${response.body.slice(0, 200)}`;
          return undefined;
        }),
      );
    }
  });

  it('answers its owner and administrators only what the document declares', async (context) => {
    for (const operation of operations) {
      const caller: Caller = operation.path.startsWith('/api/admin/') ? 'admin' : 'a';
      await context.test(`${operation.name} as ${caller}`, () => fuzz(operation, caller, share(), () => undefined));
    }
  });

  it('refuses every signed-in operation without a token, with the declared 401', async () => {
    for (const operation of operations.filter((op) => !op.isPublic)) {
      const request = fc.sample(requestsOf(operation, {}), { seed: SEED, numRuns: 1 })[0]!;
      const response = await send(undefined, operation, request);
      assert.equal(response.statusCode, 401, `${operation.name}: ${response.body}`);
      assert.equal(problemWith(operation, response), undefined);
    }
  });

  it('called nothing but loopback', () => {
    assert.deepEqual(guard.refused, [], `outbound connections refused: ${guard.refused.join(', ')}`);
    assert.ok(LOOPBACK_URLS.every((url) => /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])/.test(url)));
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids in a created row's answer: every uuid under a key `id` or `*_id`, however deep. */
function idsIn(body: unknown, key = ''): string[] {
  if (typeof body === 'string') return (key === 'id' || key.endsWith('_id')) && UUID.test(body) ? [body] : [];
  if (Array.isArray(body)) return body.flatMap((item) => idsIn(item, key));
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([name, value]) => idsIn(value, name));
}
