import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { apiErrorSchema, translateResponseSchema, translationResourcesResponseSchema } from '@assistant/contracts';
import { startFakeDeepl, type FakeDeepl } from '../../../../tests/fixtures/fake-deepl';
import { TranslationTestBed, deadUrl, type TranslationTestApp } from '../../__tests__/support/translation-test-app';

const PARAGRAPH = 'Der Bericht ist fertig. Bitte prüfen Sie die Zahlen.\n\nWir treffen uns am Montag.';

describe('DeepL engine (against a fake DeepL API)', () => {
  let bed: TranslationTestBed;
  let deepl: FakeDeepl;
  let t: TranslationTestApp;

  before(async () => {
    bed = await TranslationTestBed.start();
    deepl = await startFakeDeepl();
    t = await bed.app({ DEEPL_API_KEY: deepl.authKey, DEEPL_API_URL: deepl.url });
  });
  after(async () => {
    await bed.close();
    await deepl.close();
  });
  beforeEach(() => {
    deepl.requests.length = 0;
    for (const key of Object.keys(deepl.behaviour)) delete deepl.behaviour[key as keyof typeof deepl.behaviour];
  });

  const translate = (body: Record<string, unknown>, app = t) =>
    app.inject({ method: 'POST', url: '/api/translate', payload: { engine_id: 'deepl', ...body } });

  it('lists DeepL with the language map from its languages calls, in BCP 47 spelling', async () => {
    const resources = translationResourcesResponseSchema.parse((await t.inject({ method: 'GET', url: '/api/translation/resources' })).json());
    assert.deepEqual(resources, [
      {
        id: 'deepl',
        name: 'DeepL',
        type: 'deepl',
        languages: {
          auto: ['de', 'en-GB', 'en-US', 'fr', 'zh-Hans'],
          de: ['en-GB', 'en-US', 'fr', 'zh-Hans'],
          en: ['de', 'fr', 'zh-Hans'],
          fr: ['de', 'en-GB', 'en-US', 'zh-Hans'],
          zh: ['de', 'en-GB', 'en-US', 'fr'],
        },
      },
    ]);
    const calls = deepl.requests.map((r) => `${r.method} ${r.path}?${r.query}`).sort();
    assert.deepEqual(calls, ['GET /v2/languages?type=source', 'GET /v2/languages?type=target']);
    assert.equal(deepl.requests[0]!.headers.authorization, `DeepL-Auth-Key ${deepl.authKey}`);
  });

  it('sends every sentence in one call as the text list and maps the answers back, paragraphs kept', async () => {
    const response = await translate({ text: PARAGRAPH, source_language: 'de', target_language: 'en-GB' });
    assert.equal(response.statusCode, 200, response.body);
    const answer = translateResponseSchema.parse(response.json());
    assert.equal(answer.translation, 'The report is ready. Please check the figures.\n\nWe will meet on Monday.');
    assert.deepEqual(
      answer.translation_segments.map((s) => [s.source, s.translation]),
      [
        ['Der Bericht ist fertig. ', 'The report is ready. '],
        ['Bitte prüfen Sie die Zahlen.\n\n', 'Please check the figures.\n\n'],
        ['Wir treffen uns am Montag.', 'We will meet on Monday.'],
      ],
    );
    assert.deepEqual(answer.translation_segments[0]!.translated_by, { id: 'deepl', name: 'DeepL', type: 'deepl' });
    const [call] = deepl.translateRequests();
    assert.equal(deepl.translateRequests().length, 1);
    assert.deepEqual(call!.body.text, ['Der Bericht ist fertig.', 'Bitte prüfen Sie die Zahlen.', 'Wir treffen uns am Montag.']);
    assert.equal(call!.body.target_lang, 'EN-GB');
    assert.equal(call!.body.source_lang, 'DE');
    assert.equal(call!.body.formality, undefined);
  });

  it('leaves source_lang out for automatic detection, and accepts codes in any case', async () => {
    const response = await translate({ text: 'Der Bericht ist fertig.', source_language: 'auto', target_language: 'EN-us' });
    assert.equal(response.statusCode, 200, response.body);
    const [call] = deepl.translateRequests();
    assert.equal('source_lang' in call!.body, false);
    assert.equal(call!.body.target_lang, 'EN-US');
  });

  it('reports the language DeepL detected (lower case) with automatic detection, and none for a chosen source', async () => {
    const auto = await translate({ text: 'Der Bericht ist fertig. Wir treffen uns am Montag.', source_language: 'auto', target_language: 'en-GB' });
    assert.equal(auto.json().detected_language, 'de');
    const chosen = await translate({ text: 'Der Bericht ist fertig.', source_language: 'de', target_language: 'en-GB' });
    assert.equal(chosen.statusCode, 200, chosen.body);
    assert.equal('detected_language' in chosen.json(), false);
  });

  it('passes formality as prefer_more / prefer_less where the target supports it, and not elsewhere', async () => {
    await translate({ text: 'The report is ready.', source_language: 'en', target_language: 'de', formality: 'more' });
    await translate({ text: 'The report is ready.', source_language: 'en', target_language: 'fr', formality: 'less' });
    await translate({ text: 'Der Bericht ist fertig.', source_language: 'de', target_language: 'en-GB', formality: 'more' });
    await translate({ text: 'The report is ready.', source_language: 'en', target_language: 'de', formality: 'default' });
    assert.deepEqual(
      deepl.translateRequests().map((r) => r.body.formality),
      ['prefer_more', 'prefer_less', undefined, undefined],
    );
  });

  it('sends more than 50 sentences in batches of 50, answers in order', async () => {
    const text = Array.from({ length: 120 }, (_, i) => `Satz ${i + 1}.`).join(' ');
    const answer = translateResponseSchema.parse((await translate({ text, source_language: 'de', target_language: 'fr' })).json());
    assert.deepEqual(deepl.translateRequests().map((r) => r.body.text.length), [50, 50, 20]);
    assert.equal(answer.translation_segments.length, 120);
    assert.equal(answer.translation_segments[119]!.translation, '[FR] Satz 120.');
  });

  it('answers 400 for a language DeepL does not offer, naming it, without calling DeepL', async () => {
    const response = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'en' });
    assert.equal(response.statusCode, 400);
    assert.equal(apiErrorSchema.parse(response.json()).message, 'DeepL does not translate from German (de) into English (en)');
    const source = await translate({ text: 'Hallo.', source_language: 'ja', target_language: 'de' });
    assert.equal(source.json().message, 'DeepL does not translate from Japanese (ja)');
    assert.equal(deepl.translateRequests().length, 0);
  });

  it('answers 502 upstream_failed when DeepL refuses the key (403) or the quota is used up (456); the reason stays in the log', async () => {
    deepl.behaviour.translateStatus = 456;
    const quota = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'fr' });
    assert.equal(quota.statusCode, 502);
    assert.deepEqual([quota.json().code, quota.json().message], ['upstream_failed', 'Translation failed: the translation engine reported an error']);

    deepl.behaviour.translateStatus = 403;
    const forbidden = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'fr' });
    assert.equal(forbidden.statusCode, 502);
    assert.deepEqual([forbidden.json().code, forbidden.json().message], ['upstream_failed', 'Translation failed: the translation engine reported an error']);
    assert.equal('translation_segments' in forbidden.json(), false);
  });

  it('leaves DeepL out of the resources when its languages call fails (a wrong key), and translate answers 502', async () => {
    const wrongKey = await bed.app({ DEEPL_API_KEY: 'wrong', DEEPL_API_URL: deepl.url });
    const list = await wrongKey.inject({ method: 'GET', url: '/api/translation/resources' });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json(), []);
    const response = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'fr' }, wrongKey);
    assert.equal(response.statusCode, 502);
    assert.equal(response.json().code, 'upstream_failed');
  });

  it('answers 502 when DeepL cannot be reached', async () => {
    const url = await deadUrl();
    const dead = await bed.app({ DEEPL_API_KEY: 'k', DEEPL_API_URL: url });
    assert.deepEqual((await dead.inject({ method: 'GET', url: '/api/translation/resources' })).json(), []);
    const response = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'fr' }, dead);
    assert.equal(response.statusCode, 502);
    assert.deepEqual([response.json().code, response.json().message], ['upstream_failed', 'Translation failed: the translation engine reported an error']);
  });

  it('answers 504 when DeepL does not answer within REQUEST_TIMEOUT_SECONDS, and the call is cancelled', async () => {
    const slow = await bed.app({ DEEPL_API_KEY: deepl.authKey, DEEPL_API_URL: deepl.url, REQUEST_TIMEOUT_SECONDS: '0.3' });
    deepl.behaviour.translateDelayMs = Number.POSITIVE_INFINITY;
    const response = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'fr' }, slow);
    assert.equal(response.statusCode, 504);
    assert.equal(response.json().message, 'Translation failed: DeepL did not answer within 0.3 seconds');
    await deepl.waitFor(() => deepl.translateRequests().some((r) => r.aborted));
  });

  it('cancels the DeepL call when the HTTP client disconnects', async () => {
    deepl.behaviour.translateDelayMs = Number.POSITIVE_INFINITY;
    const origin = await t.listen();
    const controller = new AbortController();
    const request = fetch(`${origin}/api/translate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: PARAGRAPH, source_language: 'de', target_language: 'fr', engine_id: 'deepl' }),
      signal: controller.signal,
    });
    await deepl.waitFor(() => deepl.translateRequests().length === 1);
    controller.abort();
    await assert.rejects(request, { name: 'AbortError' });
    await deepl.waitFor(() => deepl.translateRequests()[0]!.aborted);
  });

  it('uses the free API host for a ":fx" key and the pro host otherwise', async () => {
    const { loadConfig } = await import('../../config');
    assert.equal(loadConfig({ DEV_IDP: 'on', DEEPL_API_KEY: 'abc:fx' }).translation.deepl?.apiUrl, 'https://api-free.deepl.com');
    assert.equal(loadConfig({ DEV_IDP: 'on', DEEPL_API_KEY: 'abc' }).translation.deepl?.apiUrl, 'https://api.deepl.com');
    assert.equal(loadConfig({ DEV_IDP: 'on', DEEPL_API_KEY: 'abc', DEEPL_API_URL: 'https://deepl.example/' }).translation.deepl?.apiUrl, 'https://deepl.example');
    assert.equal(loadConfig({ DEV_IDP: 'on' }).translation.deepl, undefined);
  });
});
