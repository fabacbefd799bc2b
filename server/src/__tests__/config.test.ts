import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, configSchema, loadConfig } from '../config';

describe('server configuration', () => {
  it('runs the dev identity provider with local defaults when asked for (DEV_IDP=on)', () => {
    const config = loadConfig({ DEV_IDP: 'on' });
    assert.equal(config.port, 8081);
    assert.equal(config.portalOrigin, 'http://localhost:8080');
    assert.deepEqual(config.devIdp, { host: '127.0.0.1', port: 8082, issuer: 'http://localhost:8082' });
    assert.equal(config.auth.issuer, 'http://localhost:8082');
    assert.equal(config.auth.audience, 'urn:assistant:api');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.limits.maxFileUploadSizeMB, 20);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DEV_IDP: 'on', DATABASE_URL: '', PORT: '' });
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.port, 8081);
  });

  it('does not run the dev identity provider when the company issuer is set', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://login.corp.example/realms/staff/', OIDC_AUDIENCE: 'assistant' });
    assert.equal(config.devIdp, undefined);
    assert.equal(config.auth.issuer, 'https://login.corp.example/realms/staff/', 'the issuer as given: discovery decides');
    assert.equal(config.auth.audience, 'assistant');
    assert.equal(config.auth.tokenFormat, 'auto');
    assert.equal(config.auth.claimsSource, 'auto');
    assert.equal(config.auth.introspection, undefined);
  });

  it('refuses to start without an issuer unless the dev identity provider is asked for', () => {
    for (const env of [{}, { DEV_IDP: 'off' }, { OIDC_ISSUER: '' }]) {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.deepEqual(error.problems.length, 1);
          assert.match(error.message, /OIDC_ISSUER: Set it to the issuer URL of your identity provider \(or DEV_IDP=on .*local development/);
          return true;
        },
      );
    }
    assert.throws(() => loadConfig({ DEV_IDP: 'on', OIDC_ISSUER: 'https://id.example' }), /DEV_IDP: Must not be on when OIDC_ISSUER is set/);
    assert.throws(() => loadConfig({ DEV_IDP: 'yes' }), /DEV_IDP/);
  });

  it('takes the dev provider\'s token lifetime and key rotation', () => {
    const config = loadConfig({ DEV_IDP: 'on', DEV_IDP_ACCESS_TOKEN_TTL: '30', DEV_IDP_KEY_ROTATION_SECONDS: '20' });
    assert.deepEqual(config.devIdp, { host: '127.0.0.1', port: 8082, issuer: 'http://localhost:8082', accessTokenTtlSeconds: 30, keyRotationSeconds: 20 });
    assert.throws(() => loadConfig({ DEV_IDP: 'on', DEV_IDP_ACCESS_TOKEN_TTL: '0' }), /DEV_IDP_ACCESS_TOKEN_TTL/);
  });

  it('configures opaque tokens through introspection, and where roles and groups come from', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example/',
      OIDC_TOKEN_FORMAT: 'opaque',
      OIDC_INTROSPECTION_CLIENT_ID: 'assistant-api',
      OIDC_INTROSPECTION_CLIENT_SECRET: 's3cret',
      OIDC_INTROSPECTION_CHECK_AUDIENCE: 'off',
      OIDC_CLAIMS_SOURCE: 'userinfo',
    });
    assert.equal(config.auth.tokenFormat, 'opaque');
    assert.equal(config.auth.claimsSource, 'userinfo');
    assert.deepEqual(config.auth.introspection, { clientId: 'assistant-api', clientSecret: 's3cret', checkAudience: false });
    assert.throws(() => loadConfig({ OIDC_ISSUER: 'https://id.example', OIDC_TOKEN_FORMAT: 'opaque' }), /OIDC_TOKEN_FORMAT: opaque needs/);
    assert.throws(() => loadConfig({ OIDC_ISSUER: 'https://id.example', OIDC_INTROSPECTION_CLIENT_ID: 'a' }), /together with OIDC_INTROSPECTION_CLIENT_SECRET/);
    assert.throws(() => loadConfig({ OIDC_ISSUER: 'https://id.example', OIDC_CLAIMS_SOURCE: 'both' }), /OIDC_CLAIMS_SOURCE/);
  });

  it('has per-user limits on model calls, streams and jobs; 0 turns one off', () => {
    assert.deepEqual(loadConfig({ DEV_IDP: 'on' }).userLimits, { modelCallsPerMinute: 30, concurrentStreams: 4, pendingJobs: 50 });
    const off = loadConfig({ DEV_IDP: 'on', MODEL_RATE_LIMIT_PER_MINUTE: '0', MAX_CONCURRENT_STREAMS_PER_USER: '0', MAX_PENDING_JOBS_PER_USER: '0' });
    assert.deepEqual(off.userLimits, { modelCallsPerMinute: 0, concurrentStreams: 0, pendingJobs: 0 });
    assert.throws(
      () => loadConfig({ MODEL_RATE_LIMIT_PER_MINUTE: '-1', MAX_CONCURRENT_STREAMS_PER_USER: '1.5', MAX_PENDING_JOBS_PER_USER: 'many' }),
      (error: unknown) => error instanceof ConfigError && error.problems.length === 3,
    );
  });

  it('offers transcription only with a model; its endpoint and key default to the chat endpoint', () => {
    assert.deepEqual(loadConfig({ DEV_IDP: 'on' }).transcription, { model: undefined, baseUrl: undefined, apiKey: undefined, timeoutMs: 600_000 });
    const shared = loadConfig({ DEV_IDP: 'on', OPENAI_BASE_URL: 'http://models:8000/v1/', OPENAI_API_KEY: 'chat-key', TRANSCRIPTION_MODEL: 'whisper-1' });
    assert.deepEqual(shared.transcription, { model: 'whisper-1', baseUrl: 'http://models:8000/v1', apiKey: 'chat-key', timeoutMs: 600_000 });
    const own = loadConfig({
      DEV_IDP: 'on',
      OPENAI_BASE_URL: 'http://models:8000/v1',
      OPENAI_API_KEY: 'chat-key',
      TRANSCRIPTION_MODEL: 'Systran/faster-whisper-small',
      TRANSCRIPTION_BASE_URL: 'http://whisper:9000/v1',
      TRANSCRIPTION_API_KEY: 'speech-key',
      TRANSCRIPTION_TIMEOUT_SECONDS: '120',
    });
    assert.deepEqual(own.transcription, { model: 'Systran/faster-whisper-small', baseUrl: 'http://whisper:9000/v1', apiKey: 'speech-key', timeoutMs: 120_000 });
    assert.throws(
      () => loadConfig({ TRANSCRIPTION_BASE_URL: 'ftp://whisper', TRANSCRIPTION_TIMEOUT_SECONDS: 'long' }),
      (error: unknown) => error instanceof ConfigError && error.problems.length === 2,
    );
  });

  it('takes the context window of every model and of the models named apart (names with : and /)', () => {
    assert.deepEqual(loadConfig({ DEV_IDP: 'on' }).inference.contextTokens, { default: 8192, byModel: {} });
    const set = loadConfig({ DEV_IDP: 'on', MODEL_CONTEXT_TOKENS: '32768', MODEL_CONTEXT_TOKENS_BY_MODEL: 'llama3.1:8b=131072, mistralai/Mistral-7B-Instruct-v0.3 = 32000' });
    assert.deepEqual(set.inference.contextTokens, { default: 32768, byModel: { 'llama3.1:8b': 131072, 'mistralai/Mistral-7B-Instruct-v0.3': 32000 } });
    assert.throws(
      () => loadConfig({ DEV_IDP: 'on', MODEL_CONTEXT_TOKENS: '1000', MODEL_CONTEXT_TOKENS_BY_MODEL: 'qwen=big' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.some((problem) => problem.startsWith('MODEL_CONTEXT_TOKENS: Must be at least 2048 tokens')) &&
        error.problems.some((problem) => problem.startsWith('MODEL_CONTEXT_TOKENS_BY_MODEL: Must be model=tokens pairs') && problem.includes('qwen=big')),
    );
  });

  it('lists every wrong variable in one readable error', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', OIDC_ALGORITHMS: 'RS256,none', MAX_FILE_UPLOAD_MB: '-1' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4, error.message);
        assert.match(error.message, /^Invalid configuration:\n/);
        for (const name of ['PORT', 'DATABASE_URL', 'OIDC_ALGORITHMS', 'MAX_FILE_UPLOAD_MB']) {
          assert.match(error.message, new RegExp(`- ${name}`));
        }
        return true;
      },
    );
  });

  it('documents every variable it reads in docs/configuration.md, and no other in the server tables', () => {
    const docs = readFileSync(resolve(import.meta.dirname, '../../../docs/configuration.md'), 'utf8');
    // The server's variables are the tables before the settings section (the portal's come after it).
    const serverPart = docs.slice(0, docs.indexOf('\n## Settings'));
    const documented = [...serverPart.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]).sort();
    assert.deepEqual(documented, Object.keys(configSchema.in.shape).sort());
  });
});
