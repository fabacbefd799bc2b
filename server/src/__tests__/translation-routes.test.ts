import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TRANSLATE_MAX_CHARACTERS, apiErrorSchema, translateResponseSchema, translationResourcesResponseSchema } from '@assistant/contracts';
import { startFakeDeepl, type FakeDeepl } from '../../../tests/fixtures/fake-deepl';
import { startFakeLibreTranslate, type FakeLibreTranslate } from '../../../tests/fixtures/fake-libretranslate';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { TranslationTestBed, type TranslationTestApp } from './support/translation-test-app';

describe('translation routes', () => {
  let bed: TranslationTestBed;
  let none: TranslationTestApp;
  let deepl: FakeDeepl;
  let libre: FakeLibreTranslate;
  let model: ScriptedModelServer;

  before(async () => {
    bed = await TranslationTestBed.start();
    none = await bed.app();
    [deepl, libre, model] = await Promise.all([
      startFakeDeepl(),
      startFakeLibreTranslate({ behaviour: { languagesStatus: 503 } }),
      startScriptedModelServer({ models: ['model-b', 'model-a'], rules: [{ match: /./, reply: (text) => text.toUpperCase() }] }),
    ]);
  });
  after(async () => {
    await bed.close();
    await Promise.all([deepl.close(), libre.close(), model.close()]);
  });

  it('needs a signed-in user', async () => {
    assert.equal((await none.app.inject({ method: 'GET', url: '/api/translation/resources' })).statusCode, 401);
    assert.equal((await none.app.inject({ method: 'POST', url: '/api/translate', payload: {} })).statusCode, 401);
    assert.equal((await none.app.inject({ method: 'POST', url: '/api/easy-language', payload: {} })).statusCode, 401);
  });

  it('answers an empty list when no engine is configured', async () => {
    const response = await none.inject({ method: 'GET', url: '/api/translation/resources' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), []);
    const translate = await none.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'Hallo.', source_language: 'de', target_language: 'en', engine_id: 'deepl' },
    });
    assert.equal(translate.statusCode, 404);
    assert.equal(apiErrorSchema.parse(translate.json()).message, 'Translation engine "deepl" is not available');
  });

  it('lists every engine that answers, DeepL first, then the models; a failing one is left out', async () => {
    const all = await bed.app({
      DEEPL_API_KEY: deepl.authKey,
      DEEPL_API_URL: deepl.url,
      LIBRETRANSLATE_URL: libre.url,
      OPENAI_BASE_URL: model.url,
    });
    const resources = translationResourcesResponseSchema.parse((await all.inject({ method: 'GET', url: '/api/translation/resources' })).json());
    assert.deepEqual(
      resources.map((r) => r.id),
      ['deepl', 'llm:model-a', 'llm:model-b'],
    );
    assert.ok(libre.requests.some((r) => r.path === '/languages'), 'LibreTranslate was asked');

    // OPENAI_MODEL restricts the models on offer.
    const one = await bed.app({ OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'model-b' });
    const only = translationResourcesResponseSchema.parse((await one.inject({ method: 'GET', url: '/api/translation/resources' })).json());
    assert.deepEqual(only.map((r) => r.id), ['llm:model-b']);
  });

  it('refuses a bad body with 400 and the field at fault', async () => {
    const withModel = await bed.app({ OPENAI_BASE_URL: model.url });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ text: '   ', source_language: 'de', target_language: 'en', engine_id: 'llm:model-a' }, 'text'],
      [{ text: 'Hallo.', source_language: 'de', target_language: 'de', engine_id: 'llm:model-a' }, 'target_language'],
      [{ text: 'Hallo.', source_language: 'de', target_language: 'auto', engine_id: 'llm:model-a' }, 'target_language'],
      [{ text: 'Hallo.', source_language: 'de', target_language: 'en', engine_id: 'llm:model-a', formality: 'very' }, 'formality'],
      [{ text: 'Hallo.', source_language: 'de', target_language: 'en', engine_id: 'llm:model-a', model: 'x' }, ''],
    ];
    for (const [payload, field] of cases) {
      const response = await withModel.inject({ method: 'POST', url: '/api/translate', payload });
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      const error = apiErrorSchema.parse(response.json());
      if (field) assert.ok(error.issues?.some((issue) => issue.path.includes(field)), `${field}: ${error.message}`);
    }
  });

  it('answers 413 for a text over the contract limit too (not 400), and 413 over a lower configured limit', async () => {
    const response = await none.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'a'.repeat(TRANSLATE_MAX_CHARACTERS + 1), source_language: 'de', target_language: 'en', engine_id: 'deepl' },
    });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().message, 'The text is too long: 50,001 characters, and one translation takes at most 50,000');

    const limited = await bed.app({ TRANSLATE_MAX_CHARACTERS: '1000' });
    const over = await limited.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'a'.repeat(1001), source_language: 'de', target_language: 'en', engine_id: 'deepl' },
    });
    assert.equal(over.statusCode, 413);
    const easy = await limited.inject({ method: 'POST', url: '/api/easy-language', payload: { text: 'a'.repeat(1001), locale: 'de' } });
    assert.equal(easy.statusCode, 413);
    assert.match(easy.json().message, /easy language takes at most 1,000/);
  });

  it('answers a text without letters unchanged and without asking the engine', async () => {
    const withModel = await bed.app({ OPENAI_BASE_URL: model.url });
    const before = model.chatRequests().length;
    const response = await withModel.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: '42 — 17\n---', source_language: 'de', target_language: 'en', engine_id: 'llm:model-a' },
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(translateResponseSchema.parse(response.json()), { translation: '42 — 17\n---', translation_segments: [] });
    assert.equal(model.chatRequests().length, before);
  });

  it('refuses TRANSLATE_MAX_CHARACTERS above the contract limit at start', async () => {
    const { loadConfig, ConfigError } = await import('../config');
    assert.throws(() => loadConfig({ TRANSLATE_MAX_CHARACTERS: '60000' }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /TRANSLATE_MAX_CHARACTERS: Must not be above 50000/);
      return true;
    });
    assert.throws(() => loadConfig({ TRANSLATION_LLM_LANGUAGES: 'de,english!' }), /TRANSLATION_LLM_LANGUAGES/);
    assert.deepEqual(loadConfig({ DEV_IDP: 'on', TRANSLATION_LLM_LANGUAGES: ' de, en-GB ,fr' }).translation.llmLanguages, ['de', 'en-GB', 'fr']);
  });
});
