import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { apiErrorSchema, translateResponseSchema, translationResourcesResponseSchema } from '@assistant/contracts';
import { DEFAULT_SCRIPT, scriptFromFile, startScriptedModelServer, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import { TranslationTestBed, deadUrl, type TranslationTestApp } from '../../__tests__/support/translation-test-app';
import { cleanModelAnswer, mapConcurrently } from '../llm-engine';

const PARAGRAPH = 'Der Bericht ist fertig. Bitte prüfen Sie die Zahlen. Wir treffen uns am Montag.';

describe('LLM translation engine (against the scripted model server)', () => {
  let bed: TranslationTestBed;
  let model: ScriptedModelServer;
  let t: TranslationTestApp;

  before(async () => {
    bed = await TranslationTestBed.start();
    model = await startScriptedModelServer({ models: ['scripted-model', 'nomic-embed-text'] });
    t = await bed.app({ OPENAI_BASE_URL: model.url, TRANSLATION_LLM_LANGUAGES: 'de,en,fr' });
  });
  after(async () => {
    await bed.close();
    await model.close();
  });
  beforeEach(() => {
    model.setScript({ ...scriptFromFile(DEFAULT_SCRIPT), models: ['scripted-model', 'nomic-embed-text'] });
    model.requests.length = 0;
  });

  const translate = (body: Record<string, unknown>, app = t) => app.inject({ method: 'POST', url: '/api/translate', payload: body });

  it('offers one engine per chat model, with the configured languages fully connected', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/translation/resources' });
    assert.equal(response.statusCode, 200);
    const resources = translationResourcesResponseSchema.parse(response.json());
    assert.deepEqual(resources, [
      {
        id: 'llm:scripted-model',
        name: 'scripted-model',
        type: 'llm',
        languages: { auto: ['de', 'en', 'fr'], de: ['en', 'fr'], en: ['de', 'fr'], fr: ['de', 'en'] },
      },
    ]);
  });

  it('translates sentence by sentence: each segment maps to its source, the whole keeps the spaces', async () => {
    const response = await translate({ text: PARAGRAPH, source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' });
    assert.equal(response.statusCode, 200, response.body);
    const answer = translateResponseSchema.parse(response.json());
    assert.equal(answer.translation, 'The report is ready. Please check the figures. We will meet on Monday.');
    const by = { id: 'llm:scripted-model', name: 'scripted-model', type: 'llm' };
    assert.deepEqual(answer.translation_segments, [
      { source: 'Der Bericht ist fertig. ', translation: 'The report is ready. ', translated_by: by },
      { source: 'Bitte prüfen Sie die Zahlen. ', translation: 'Please check the figures. ', translated_by: by },
      { source: 'Wir treffen uns am Montag.', translation: 'We will meet on Monday.', translated_by: by },
    ]);
    const chats = model.chatRequests();
    assert.deepEqual(chats.map((r) => r.lastUserMessage).sort(), ['Bitte prüfen Sie die Zahlen.', 'Der Bericht ist fertig.', 'Wir treffen uns am Montag.']);
    for (const chat of chats) {
      assert.equal(chat.body.model, 'scripted-model');
      assert.match(chat.systemMessage!, /from German \(de\) into English \(en\)/);
      assert.match(chat.systemMessage!, /translation only/);
      assert.doesNotMatch(chat.systemMessage!, /Formality/);
    }
  });

  it('keeps paragraphs and line breaks, and sends no blank line to the model', async () => {
    const text = 'Der Bericht ist fertig.\n\nBitte prüfen Sie die Zahlen.\nWir treffen uns am Montag.\n';
    const answer = translateResponseSchema.parse(
      (await translate({ text, source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' })).json(),
    );
    assert.equal(answer.translation, 'The report is ready.\n\nPlease check the figures.\nWe will meet on Monday.\n');
    assert.equal(answer.translation_segments.map((s) => s.source).join(''), text);
    assert.equal(answer.translation_segments.map((s) => s.translation).join(''), answer.translation);
    assert.equal(model.chatRequests().length, 3);
  });

  it('puts the formality into the prompt', async () => {
    await translate({ text: 'The report is ready.', source_language: 'en', target_language: 'de', engine_id: 'llm:scripted-model', formality: 'more' });
    assert.match(model.chatRequests()[0]!.systemMessage!, /Formality: formal.*"Sie"/);
    await translate({ text: 'The report is ready.', source_language: 'en', target_language: 'de', engine_id: 'llm:scripted-model', formality: 'less' });
    assert.match(model.chatRequests()[1]!.systemMessage!, /Formality: informal.*"du"/);
  });

  it('translates from "auto" with a prompt that leaves the source language to the model', async () => {
    const response = await translate({ text: 'Der Bericht ist fertig.', source_language: 'auto', target_language: 'en', engine_id: 'llm:scripted-model' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().translation, 'The report is ready.');
    assert.match(model.chatRequests()[0]!.systemMessage!, /from whatever language it is in into English \(en\)/);
  });

  it('keeps the order of segments when the model answers them out of order', async () => {
    // The first sentences answer last.
    model.setScript({
      rules: Array.from({ length: 8 }, (_, i) => ({ match: `Satz ${i + 1}.`, reply: `Sentence ${i + 1}.`, delayMs: (8 - i) * 15 })),
    });
    const text = Array.from({ length: 8 }, (_, i) => `Satz ${i + 1}.`).join(' ');
    const answer = translateResponseSchema.parse(
      (await translate({ text, source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' })).json(),
    );
    assert.equal(answer.translation, Array.from({ length: 8 }, (_, i) => `Sentence ${i + 1}.`).join(' '));
    assert.deepEqual(
      answer.translation_segments.map((s) => [s.source.trim(), s.translation.trim()]),
      Array.from({ length: 8 }, (_, i) => [`Satz ${i + 1}.`, `Sentence ${i + 1}.`]),
    );
  });

  it('runs at most 4 model calls at a time and answers in order (mapConcurrently)', async () => {
    let running = 0;
    let most = 0;
    const results = await mapConcurrently([50, 10, 40, 5, 30, 1, 20], 4, new AbortController(), async (ms, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return index;
    });
    assert.deepEqual(results, [0, 1, 2, 3, 4, 5, 6]);
    assert.equal(most, 4);
  });

  it('strips quotation marks, labels and reasoning the model wraps around a translation', () => {
    assert.equal(cleanModelAnswer('  "The report is ready."\n', 'Der Bericht ist fertig.'), 'The report is ready.');
    assert.equal(cleanModelAnswer('„Der Bericht.“', 'The report.'), 'Der Bericht.');
    assert.equal(cleanModelAnswer('Translation: Hello.', 'Hallo.'), 'Hello.');
    assert.equal(cleanModelAnswer('<think>hmm</think>\nHello.', 'Hallo.'), 'Hello.');
    // Quotes the source has stay.
    assert.equal(cleanModelAnswer('"Hello," she said."', '"Hallo", sagte sie."'), '"Hello," she said."');
  });

  it('answers 404 for an unknown engine and 400 for a language the engine does not offer', async () => {
    const unknown = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'en', engine_id: 'llm:no-such-model' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(apiErrorSchema.parse(unknown.json()).message, 'Translation engine "llm:no-such-model" is not available');

    const source = await translate({ text: 'Hallo.', source_language: 'ja', target_language: 'en', engine_id: 'llm:scripted-model' });
    assert.equal(source.statusCode, 400);
    assert.equal(source.json().message, 'scripted-model does not translate from Japanese (ja)');

    const target = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'pt', engine_id: 'llm:scripted-model' });
    assert.equal(target.statusCode, 400);
    assert.equal(target.json().message, 'scripted-model does not translate from German (de) into Portuguese (pt)');
    assert.equal(model.chatRequests().length, 0);
  });

  it('answers 502 with the model endpoint\'s reason when the model fails, and no partial result', async () => {
    model.setScript({
      rules: [
        { match: 'Bitte prüfen Sie die Zahlen.', status: 500, errorMessage: 'CUDA out of memory' },
        { match: /./, reply: 'ok' },
      ],
    });
    const response = await translate({ text: PARAGRAPH, source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' });
    assert.equal(response.statusCode, 502);
    const error = apiErrorSchema.parse(response.json());
    assert.equal(error.message, 'Translation failed: The model endpoint answered HTTP 500: CUDA out of memory');
    assert.equal('translation' in response.json(), false);
  });

  it('offers no engine when the model endpoint cannot be reached (404 on translate)', async () => {
    const dead = await bed.app({ OPENAI_BASE_URL: await deadUrl('/v1'), OPENAI_MODEL: 'm' });
    const response = await translate({ text: 'Hallo.', source_language: 'de', target_language: 'en', engine_id: 'llm:m' }, dead);
    // The endpoint does not list models: the engine is not on offer.
    assert.equal(response.statusCode, 404);
  });

  it('answers 504 when the model does not answer within REQUEST_TIMEOUT_SECONDS, and the hung calls are cancelled', async () => {
    const slow = await bed.app({ OPENAI_BASE_URL: model.url, REQUEST_TIMEOUT_SECONDS: '0.4', OLLAMA_URL: '' });
    model.setScript({ rules: [{ hang: true }] });
    const started = Date.now();
    const response = await translate({ text: PARAGRAPH, source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' }, slow);
    assert.equal(response.statusCode, 504);
    assert.equal(response.json().message, 'Translation failed: scripted-model did not answer within 0.4 seconds');
    assert.ok(Date.now() - started < 3_000);
    await model.waitFor((requests) => requests.filter((r) => r.lastUserMessage && r.aborted).length === 3);
  });

  it('cancels the model calls when the HTTP client disconnects', async () => {
    model.setScript({ rules: [{ hang: true }] });
    const origin = await t.listen();
    const controller = new AbortController();
    const request = fetch(`${origin}/api/translate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: PARAGRAPH, source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' }),
      signal: controller.signal,
    });
    await model.waitFor((requests) => requests.filter((r) => r.lastUserMessage).length === 3);
    controller.abort();
    await assert.rejects(request, { name: 'AbortError' });
    await model.waitFor((requests) => requests.filter((r) => r.lastUserMessage && r.aborted).length === 3);
  });

  it('answers 413 over TRANSLATE_MAX_CHARACTERS, before asking the model', async () => {
    const limited = await bed.app({ OPENAI_BASE_URL: model.url, TRANSLATE_MAX_CHARACTERS: '20' });
    const response = await translate({ text: 'a'.repeat(21), source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' }, limited);
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().message, 'The text is too long: 21 characters, and one translation takes at most 20');
    const fits = await translate({ text: 'Der Bericht ist fertig.'.slice(0, 20), source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' }, limited);
    assert.equal(fits.statusCode, 200);
  });
});
