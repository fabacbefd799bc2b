import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  CONVERSATION_ERRORS,
  TRANSLATE_MAX_CHARACTERS,
  UPLOAD_MAX_FILES_PER_REQUEST,
  apiErrorSchema,
  conversationSchema,
  streamEventSchema,
  type ApiError,
} from '@assistant/contracts';
import type { InjectOptions } from 'fastify';
import { pino } from 'pino';
import { startFakeDeepl, type FakeDeepl } from '../../../tests/fixtures/fake-deepl';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { buildApp } from '../app';
import { createTokenVerifier } from '../auth/token-verifier';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { testConfig } from '../testing/test-config';
import { TestIssuer } from '../testing/test-issuer';
import { PDF_BYTES, exeBytes, multipart } from './support/collections-test-app';
import { deadUrl } from './support/translation-test-app';

/**
 * Every error answer carries a stable `code` (and a 413 its `limit`), which clients branch on;
 * what went wrong inside an engine or the model endpoint (its URL, its error text) goes to the
 * log, never to the user (docs/contracts.md "api-error.ts").
 */

type LogLine = { level: number; msg?: string; [key: string]: unknown };

describe('error codes of the API', () => {
  let issuer: TestIssuer;
  let handle: DatabaseHandle;
  let deepl: FakeDeepl;
  let model: ScriptedModelServer;
  const dataDirs: string[] = [];
  const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];

  before(async () => {
    issuer = await TestIssuer.start();
    handle = await openTestPglite();
    deepl = await startFakeDeepl();
    model = await startScriptedModelServer({ models: ['scripted-model'] });
  });
  after(async () => {
    for (const app of apps) {
      app.server.closeAllConnections();
      await app.close();
    }
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await deepl.close();
    await model.close();
    await handle.close();
    await issuer.close();
  });

  /** An app whose log lines are kept (pino JSON, parsed). */
  async function start(env: NodeJS.ProcessEnv = {}) {
    const dataDir = await mkdtemp(join(tmpdir(), 'assistant-codes-'));
    dataDirs.push(dataDir);
    const config = testConfig(issuer.issuer, { DATA_DIR: dataDir, ...env });
    const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
    const lines: LogLine[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    const app = await buildApp({ config, db: handle.db, verifier, logger });
    apps.push(app);
    const token = (roles: string[] = []) => issuer.sign({ sub: 'employee', roles, groups: [] }, { audience: config.auth.audience });
    return {
      lines,
      async inject(options: InjectOptions, roles: string[] = []) {
        return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${await token(roles)}` } });
      },
      raw: (options: InjectOptions) => app.inject(options),
    };
  }

  function error(response: { statusCode: number; json(): unknown; body: string }, status: number): ApiError {
    assert.equal(response.statusCode, status, response.body);
    const body = apiErrorSchema.parse(response.json());
    assert.equal(body.statusCode, status);
    return body;
  }

  describe('from the status, with specific codes where a client branches', () => {
    let t: Awaited<ReturnType<typeof start>>;
    before(async () => {
      t = await start();
    });

    it('401 unauthorized, 403 forbidden, 404 not_found (unknown route)', async () => {
      assert.equal(error(await t.raw({ method: 'GET', url: '/api/conversations' }), 401).code, 'unauthorized');
      assert.equal(error(await t.inject({ method: 'GET', url: '/api/admin/settings' }), 403).code, 'forbidden');
      const missing = error(await t.inject({ method: 'GET', url: '/api/nothing-here' }), 404);
      assert.deepEqual(missing, { statusCode: 404, error: 'Not Found', message: 'No route GET /api/nothing-here', code: 'not_found' });
    });

    it('400 validation_failed with the issues; 400 bad_request for a body that is not JSON', async () => {
      const invalid = error(await t.inject({ method: 'POST', url: '/api/iam/check_user', payload: { permissions: [{ permission: '' }] } }), 400);
      assert.equal(invalid.code, 'validation_failed');
      assert.deepEqual(invalid.issues?.[0]?.path, ['body', 'permissions', 0, 'permission']);
      const notJson = await t.inject({
        method: 'POST',
        url: '/api/iam/check_user',
        headers: { 'content-type': 'application/json' },
        payload: '{"permissions": [',
      });
      assert.equal(error(notJson, 400).code, 'bad_request');
    });

    it('conversations: 404 not_found and 409 conflict with the contract texts, 501 not_implemented, 503 model_unavailable', async () => {
      const missing = error(await t.inject({ method: 'GET', url: '/api/conversations/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e/messages' }), 404);
      assert.equal(missing.code, CONVERSATION_ERRORS.conversationNotFound.code);
      assert.equal(missing.message, CONVERSATION_ERRORS.conversationNotFound.message);

      const created = conversationSchema.parse((await t.inject({ method: 'POST', url: '/api/conversations?name=Codes' })).json());
      const send = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: `/api/conversations/${created.id}/messages/v2`, payload });
      assert.equal(error(await send({ content: 'Hi', personality: 'agent-1' }), 404).code, 'not_found');
      const research = await t.inject({ method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hi', deep_research: true } } });
      assert.equal(error(research, 501).code, 'not_implemented');
      assert.equal(error(await send({ content: 'Hi', deep_research: true }), 403).code, 'forbidden');
      const noModel = error(await send({ content: 'Hi' }), 503);
      assert.equal(noModel.code, 'model_unavailable');
      const orphan = error(await send({ content: 'Hi', parent_message_id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' }), 404);
      assert.deepEqual([orphan.code, orphan.message], [CONVERSATION_ERRORS.messageNotFound.code, CONVERSATION_ERRORS.messageNotFound.message]);
      const local = error(await t.inject({ method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hi' } } }), 503);
      assert.equal(local.code, 'model_unavailable');
      const easy = error(await t.inject({ method: 'POST', url: '/api/easy-language', payload: { text: 'Hallo.', locale: 'de' } }), 503);
      assert.equal(easy.code, 'model_unavailable');
    });

    it('413 payload_too_large with the character limit for translate and easy language', async () => {
      const limited = await start({ TRANSLATE_MAX_CHARACTERS: '100' });
      const translate = error(
        await limited.inject({ method: 'POST', url: '/api/translate', payload: { text: 'a'.repeat(101), source_language: 'de', target_language: 'en', engine_id: 'deepl' } }),
        413,
      );
      assert.equal(translate.code, 'payload_too_large');
      assert.deepEqual(translate.limit, { value: 100, unit: 'characters' });
      const easy = error(await limited.inject({ method: 'POST', url: '/api/easy-language', payload: { text: 'a'.repeat(101), locale: 'de' } }), 413);
      assert.deepEqual([easy.code, easy.limit], ['payload_too_large', { value: 100, unit: 'characters' }]);
      const contract = error(
        await t.inject({
          method: 'POST',
          url: '/api/translate',
          payload: { text: 'a'.repeat(TRANSLATE_MAX_CHARACTERS + 1), source_language: 'de', target_language: 'en', engine_id: 'deepl' },
        }),
        413,
      );
      assert.deepEqual(contract.limit, { value: TRANSLATE_MAX_CHARACTERS, unit: 'characters' });
    });

    it('uploads: 413 with the byte or file limit, 415 unsupported_media_type, 400 malformed_multipart, 409 conflict on a retry', async () => {
      const small = await start({ MAX_FILE_UPLOAD_MB: '0.001' });
      const collection = (await small.inject({ method: 'POST', url: '/api/collections', payload: { name: 'Codes' } })).json() as { id: string };
      const upload = (files: Parameters<typeof multipart>[0], app = small) =>
        app.inject({ method: 'POST', url: `/api/collections/${collection.id}/files`, ...multipart(files) });

      const tooLarge = error(await upload([{ name: 'big.txt', content: 'x'.repeat(2000) }]), 413);
      assert.deepEqual([tooLarge.code, tooLarge.limit], ['payload_too_large', { value: 1048, unit: 'bytes' }]);
      const many = Array.from({ length: UPLOAD_MAX_FILES_PER_REQUEST + 1 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' }));
      const tooMany = error(await upload(many), 413);
      assert.deepEqual([tooMany.code, tooMany.limit], ['payload_too_large', { value: UPLOAD_MAX_FILES_PER_REQUEST, unit: 'files' }]);
      assert.equal(error(await upload([{ name: 'setup.exe', content: exeBytes().subarray(0, 512) }]), 415).code, 'unsupported_media_type');
      const notMultipart = await small.inject({ method: 'POST', url: `/api/collections/${collection.id}/files`, payload: { files: [] } });
      assert.equal(error(notMultipart, 415).code, 'unsupported_media_type');
      const broken = await small.inject({
        method: 'POST',
        url: `/api/collections/${collection.id}/files`,
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nno end',
      });
      assert.equal(error(broken, 400).code, 'malformed_multipart');

      const stored = await upload([{ name: 'README', content: 'plain words' }, { name: 'a.pdf', content: PDF_BYTES }]);
      assert.equal(stored.statusCode, 201, stored.body);
      const files = (stored.json() as { files: Array<{ fileId: string; mediaType: string }> }).files;
      assert.equal(files[0]!.mediaType, 'text/plain', 'a name without extension is taken as text');
      assert.equal(error(await small.inject({ method: 'POST', url: `/api/files/${files[0]!.fileId}/runs` }), 409).code, 'conflict');
    });
  });

  describe('upstream failures: a stable code and sentence for the user, the detail in the log', () => {
    const SECRET_DETAIL = 'quota of account 4711 at http://10.0.0.7:9000/internal used up';

    it('translate: an engine error is 502 upstream_failed without the engine text; the log has it', async () => {
      const t = await start({ DEEPL_API_KEY: deepl.authKey, DEEPL_API_URL: deepl.url });
      deepl.behaviour.translateStatus = 456;
      const response = await t.inject({ method: 'POST', url: '/api/translate', payload: { text: 'Hallo.', source_language: 'de', target_language: 'fr', engine_id: 'deepl' } });
      delete deepl.behaviour.translateStatus;
      const body = error(response, 502);
      assert.equal(body.code, 'upstream_failed');
      assert.equal(body.message, 'Translation failed: the translation engine reported an error');
      assert.doesNotMatch(response.body, /456|quota|DeepL/);
      const logged = t.lines.find((line) => line.msg === 'translation failed');
      assert.ok(logged, 'the failure is logged');
      assert.match(String(logged.reason), /character quota is used up \(HTTP 456\)/);

      const unsupported = error(
        await t.inject({ method: 'POST', url: '/api/translate', payload: { text: 'Hallo.', source_language: 'de', target_language: 'en', engine_id: 'deepl' } }),
        400,
      );
      assert.equal(unsupported.code, 'unsupported_language');
      const unknown = error(
        await t.inject({ method: 'POST', url: '/api/translate', payload: { text: 'Hallo.', source_language: 'de', target_language: 'fr', engine_id: 'nope' } }),
        404,
      );
      assert.equal(unknown.code, 'not_found');
    });

    it('translate: an unreachable engine does not show its address', async () => {
      const url = await deadUrl();
      const t = await start({ DEEPL_API_KEY: 'k', DEEPL_API_URL: url });
      const response = await t.inject({ method: 'POST', url: '/api/translate', payload: { text: 'Hallo.', source_language: 'de', target_language: 'fr', engine_id: 'deepl' } });
      assert.equal(error(response, 502).code, 'upstream_failed');
      assert.ok(!response.body.includes(new URL(url).host), response.body);
      assert.ok(t.lines.some((line) => String(line.reason ?? '').includes(new URL(url).origin)), 'the address is in the log');
    });

    it('translate: 504 upstream_timeout', async () => {
      const t = await start({ DEEPL_API_KEY: deepl.authKey, DEEPL_API_URL: deepl.url, REQUEST_TIMEOUT_SECONDS: '0.3' });
      deepl.behaviour.translateDelayMs = Number.POSITIVE_INFINITY;
      const response = await t.inject({ method: 'POST', url: '/api/translate', payload: { text: 'Hallo.', source_language: 'de', target_language: 'fr', engine_id: 'deepl' } });
      delete deepl.behaviour.translateDelayMs;
      assert.equal(error(response, 504).code, 'upstream_timeout');
    });

    it('chat, local chat and easy language: the model endpoint error is 502 upstream_failed without its text; the log has it', async () => {
      const t = await start({ OPENAI_BASE_URL: model.url });
      model.setScript({ rules: [{ system: 'Classify the user', reply: '{}' }, { status: 500, errorMessage: SECRET_DETAIL }] });
      const created = conversationSchema.parse((await t.inject({ method: 'POST', url: '/api/conversations?name=Codes' })).json());
      const chat = await t.inject({ method: 'POST', url: `/api/conversations/${created.id}/messages/v2`, payload: { content: 'Hi?' } });
      const local = await t.inject({ method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hi?' } } });
      const easy = await t.inject({ method: 'POST', url: '/api/easy-language', payload: { text: 'Hallo.', locale: 'de' } });
      for (const [response, message] of [
        [chat, 'The answer failed: the language model reported an error'],
        [local, 'The answer failed: the language model reported an error'],
        [easy, 'Easy language failed: the language model reported an error'],
      ] as const) {
        const body = error(response, 502);
        assert.deepEqual([body.code, body.message], ['upstream_failed', message]);
        assert.ok(!response.body.includes('4711') && !response.body.includes('10.0.0.7'), response.body);
      }
      assert.ok(t.lines.filter((line) => String(line.reason ?? '').includes(SECRET_DETAIL)).length >= 3, 'each refusal is logged with the detail');

      const unknownModel = error(
        await t.inject({ method: 'POST', url: `/api/conversations/${created.id}/messages/v2`, payload: { content: 'Hi', reasoning_model_override: 'gpt-x' } }),
        400,
      );
      assert.equal(unknownModel.code, 'unknown_model');
    });

    it('a stream that fails mid-answer says so without the endpoint text (code kept), and logs it', async () => {
      const t = await start({ OPENAI_BASE_URL: model.url });
      model.setScript({ rules: [{ reply: 'One two three', failAfterChunks: 1, failWith: 'error-event', errorMessage: SECRET_DETAIL }] });
      const response = await t.inject({ method: 'POST', url: '/api/easy-language', payload: { text: 'Hallo.', locale: 'de' } });
      assert.equal(response.statusCode, 200);
      const last = streamEventSchema.parse(JSON.parse(response.body.trim().split('\n').at(-1)!));
      assert.ok(last.kind === 'error');
      assert.deepEqual([last.code, last.message], ['upstream_failed', 'Easy language failed: the language model reported an error']);
      assert.ok(!response.body.includes('4711'));
      assert.ok(t.lines.some((line) => String(line.reason ?? '').includes(SECRET_DETAIL)), 'the detail is logged');
    });
  });
});
