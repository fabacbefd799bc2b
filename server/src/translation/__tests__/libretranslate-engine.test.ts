import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { translateResponseSchema, translationResourcesResponseSchema } from '@assistant/contracts';
import { startFakeLibreTranslate, type FakeLibreTranslate } from '../../../../tests/fixtures/fake-libretranslate';
import { TranslationTestBed, type TranslationTestApp } from '../../__tests__/support/translation-test-app';

const PARAGRAPH = 'Der Bericht ist fertig. Bitte prüfen Sie die Zahlen.\nWir treffen uns am Montag.';

describe('LibreTranslate engine (against a fake LibreTranslate)', () => {
  let bed: TranslationTestBed;
  let libre: FakeLibreTranslate;
  let t: TranslationTestApp;

  before(async () => {
    bed = await TranslationTestBed.start();
    libre = await startFakeLibreTranslate({ apiKey: 'secret', confidence: 87.5 });
    t = await bed.app({ LIBRETRANSLATE_URL: libre.url, LIBRETRANSLATE_API_KEY: 'secret' });
  });
  after(async () => {
    await bed.close();
    await libre.close();
  });
  beforeEach(() => {
    libre.requests.length = 0;
    for (const key of Object.keys(libre.behaviour)) delete libre.behaviour[key as keyof typeof libre.behaviour];
  });

  const translate = (body: Record<string, unknown>, app = t) =>
    app.inject({ method: 'POST', url: '/api/translate', payload: { engine_id: 'libretranslate', ...body } });

  it('lists LibreTranslate with the map from /languages (own code left out, auto to every target)', async () => {
    const resources = translationResourcesResponseSchema.parse((await t.inject({ method: 'GET', url: '/api/translation/resources' })).json());
    assert.deepEqual(resources, [
      {
        id: 'libretranslate',
        name: 'LibreTranslate',
        type: 'libretranslate',
        languages: {
          auto: ['en', 'fr', 'de', 'es'],
          de: ['en', 'fr'],
          en: ['de', 'fr', 'es'],
          fr: ['de', 'en'],
          es: ['en'],
        },
      },
    ]);
    // The key is not put into the languages URL (it would land in access logs).
    assert.equal(libre.requests[0]!.query.has('api_key'), false);
  });

  it('sends the sentences as the q list with the key, and maps the answers back', async () => {
    const response = await translate({ text: PARAGRAPH, source_language: 'de', target_language: 'en' });
    assert.equal(response.statusCode, 200, response.body);
    const answer = translateResponseSchema.parse(response.json());
    assert.equal(answer.translation, 'The report is ready. Please check the figures.\nWe will meet on Monday.');
    assert.equal(answer.translation_segments.length, 3);
    // A known source language: no detection, no score.
    assert.deepEqual(answer.translation_segments[1]!.translated_by, { id: 'libretranslate', name: 'LibreTranslate', type: 'libretranslate' });
    const [call] = libre.translateRequests();
    assert.deepEqual(call!.body, {
      q: ['Der Bericht ist fertig.', 'Bitte prüfen Sie die Zahlen.', 'Wir treffen uns am Montag.'],
      source: 'de',
      target: 'en',
      format: 'text',
      api_key: 'secret',
    });
  });

  it('sends source auto and gives each segment the detection confidence as its score', async () => {
    const answer = translateResponseSchema.parse((await translate({ text: PARAGRAPH, source_language: 'auto', target_language: 'en' })).json());
    assert.equal(libre.translateRequests()[0]!.body.source, 'auto');
    assert.deepEqual(
      answer.translation_segments.map((s) => s.translated_by.score),
      [87.5, 87.5, 87.5],
    );
    assert.equal(answer.detected_language, 'de', 'the language LibreTranslate detected for most segments');
  });

  it('answers 400 for a pair LibreTranslate does not offer', async () => {
    const response = await translate({ text: 'Hola.', source_language: 'es', target_language: 'de' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'LibreTranslate does not translate from Spanish (es) into German (de)');
  });

  it('answers 502 upstream_failed for a wrong key (403) and a server error, without LibreTranslate\'s own reason (logged)', async () => {
    const wrongKey = await bed.app({ LIBRETRANSLATE_URL: libre.url, LIBRETRANSLATE_API_KEY: 'wrong' });
    const forbidden = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'en' }, wrongKey);
    assert.equal(forbidden.statusCode, 502);
    assert.deepEqual([forbidden.json().code, forbidden.json().message], ['upstream_failed', 'Translation failed: the translation engine reported an error']);

    libre.behaviour.translateStatus = 500;
    const failed = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'en' });
    assert.equal(failed.statusCode, 502);
    assert.deepEqual([failed.json().code, failed.json().message], ['upstream_failed', 'Translation failed: the translation engine reported an error']);
  });

  it('is left out of the resources while /languages fails', async () => {
    const other = await bed.app({ LIBRETRANSLATE_URL: libre.url });
    libre.behaviour.languagesStatus = 500;
    assert.deepEqual((await other.inject({ method: 'GET', url: '/api/translation/resources' })).json(), []);
  });

  it('answers 504 on a hang and cancels the call; a disconnecting client cancels it too', async () => {
    libre.behaviour.translateDelayMs = Number.POSITIVE_INFINITY;
    const slow = await bed.app({ LIBRETRANSLATE_URL: libre.url, LIBRETRANSLATE_API_KEY: 'secret', REQUEST_TIMEOUT_SECONDS: '0.3' });
    const response = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'en' }, slow);
    assert.equal(response.statusCode, 504);
    assert.equal(response.json().message, 'Translation failed: LibreTranslate did not answer within 0.3 seconds');
    await libre.waitFor(() => libre.translateRequests()[0]?.aborted === true);

    libre.requests.length = 0;
    const origin = await t.listen();
    const controller = new AbortController();
    const request = fetch(`${origin}/api/translate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hallo.', source_language: 'de', target_language: 'en', engine_id: 'libretranslate' }),
      signal: controller.signal,
    });
    await libre.waitFor(() => libre.translateRequests().length === 1);
    controller.abort();
    await assert.rejects(request, { name: 'AbortError' });
    await libre.waitFor(() => libre.translateRequests()[0]!.aborted);
  });
});
