import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { SPEECH_MAX_CHARACTERS, myUsageResponseSchema, speechConfigSchema } from '@assistant/contracts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { TranslationTestBed, deadUrl, type TranslationTestApp } from './support/translation-test-app';

describe('speech (read aloud by a text-to-speech endpoint)', () => {
  let bed: TranslationTestBed;
  let model: ScriptedModelServer;
  let t: TranslationTestApp;

  before(async () => {
    bed = await TranslationTestBed.start();
    model = await startScriptedModelServer();
    t = await bed.app({ OPENAI_BASE_URL: model.url, TEXT_TO_SPEECH_MODEL: 'tts-test', TEXT_TO_SPEECH_VOICE: 'nova' });
  });
  after(async () => {
    await bed.close();
    await model.close();
  });
  beforeEach(() => {
    model.setScript({ speech: {} });
    model.requests.length = 0;
  });

  const speak = (body: unknown, app = t) => app.inject({ method: 'POST', url: '/api/speech', payload: body as object });

  it('says whether a text-to-speech model is configured, and refuses to speak without one (503, the endpoint never asked)', async () => {
    assert.deepEqual(speechConfigSchema.parse((await t.inject({ method: 'GET', url: '/api/speech/config' })).json()), {
      available: true,
      max_characters: SPEECH_MAX_CHARACTERS,
    });
    const none = await bed.app({ OPENAI_BASE_URL: model.url });
    assert.equal((await none.inject({ method: 'GET', url: '/api/speech/config' })).json().available, false);
    const noEndpoint = await bed.app({ TEXT_TO_SPEECH_MODEL: 'tts-test' });
    assert.equal((await noEndpoint.inject({ method: 'GET', url: '/api/speech/config' })).json().available, false);

    const refused = await speak({ text: 'Guten Tag.' }, none);
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.json().code, 'model_unavailable');
    assert.match(refused.json().message, /TEXT_TO_SPEECH_MODEL/);
    assert.equal(model.speechRequests().length, 0);
  });

  it("answers the endpoint's audio for the text, with the configured model and voice, and records it as the user's chat usage", async () => {
    const response = await speak({ text: 'Die Reisekostenrichtlinie gilt ab Mai.', language: 'de' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'audio/wav');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.rawPayload.subarray(0, 4).toString('latin1'), 'RIFF');
    const [request] = model.speechRequests();
    assert.deepEqual(request!.speech, { input: 'Die Reisekostenrichtlinie gilt ab Mai.', model: 'tts-test', voice: 'nova', responseFormat: 'mp3' });
    // Its own endpoint's key when configured (else the chat endpoint's).
    const keyed = await bed.app({ OPENAI_BASE_URL: await deadUrl('/v1'), TEXT_TO_SPEECH_BASE_URL: model.url, TEXT_TO_SPEECH_API_KEY: 'tts-key', TEXT_TO_SPEECH_MODEL: 'tts-test' });
    assert.equal((await speak({ text: 'Hallo' }, keyed)).statusCode, 200);
    const last = model.speechRequests().at(-1)!;
    assert.equal(last.headers.authorization, 'Bearer tts-key');
    assert.equal(last.speech!.voice, 'alloy');

    const usage = myUsageResponseSchema.parse((await t.inject({ method: 'GET', url: '/api/usage/me' })).json());
    const chat = usage.by_model.find((row) => row.model === 'tts-test');
    assert.ok(chat && chat.calls >= 1, JSON.stringify(usage.by_model));
    assert.ok(usage.by_feature.some((row) => row.feature === 'chat'));
  });

  it('needs a signed-in user: without a token 401, and the endpoint is never asked', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/speech', payload: { text: 'Hallo' } });
    assert.equal(anonymous.statusCode, 401);
    const forged = await t.app.inject({ method: 'POST', url: '/api/speech', payload: { text: 'Hallo' }, headers: { authorization: 'Bearer not-a-token' } });
    assert.equal(forged.statusCode, 401);
    assert.equal(model.speechRequests().length, 0);
  });

  it('refuses an empty, blank, too long or unknown body with 400 before the endpoint sees it', async () => {
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(SPEECH_MAX_CHARACTERS + 1) }, { text: 'Hallo', voice: 'echo' }, { text: 'Hallo', language: 'deutsch!' }]) {
      const response = await speak(body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
    }
    assert.equal(model.speechRequests().length, 0);
  });

  it('says clearly when the endpoint fails (502, its own words only in the log), is too slow (504) or cannot be reached (503)', async () => {
    model.setScript({ speech: { status: 500, errorMessage: 'voice model crashed at /srv/tts' } });
    const failed = await speak({ text: 'Hallo' });
    assert.equal(failed.statusCode, 502);
    assert.deepEqual([failed.json().code, failed.json().message], ['upstream_failed', 'Reading aloud failed: the text-to-speech model reported an error']);
    assert.doesNotMatch(failed.body, /srv/);

    model.setScript({ speech: { delayMs: 5_000 } });
    const slow = await bed.app({ OPENAI_BASE_URL: model.url, TEXT_TO_SPEECH_MODEL: 'tts-test', TEXT_TO_SPEECH_TIMEOUT_SECONDS: '0.3' });
    const timedOut = await speak({ text: 'Hallo' }, slow);
    assert.equal(timedOut.statusCode, 504);
    assert.equal(timedOut.json().code, 'upstream_timeout');

    const unreachable = await bed.app({ OPENAI_BASE_URL: await deadUrl('/v1'), TEXT_TO_SPEECH_MODEL: 'tts-test' });
    const down = await speak({ text: 'Hallo' }, unreachable);
    assert.equal(down.statusCode, 503);
    assert.equal(down.json().code, 'model_unavailable');
  });
});
