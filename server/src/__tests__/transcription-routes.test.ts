import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  TRANSCRIPTION_AUDIO_EXTENSIONS,
  TRANSCRIPTION_AUDIO_MEDIA_TYPES,
  megabytesToBytes,
  toWebVtt,
  transcriptionConfigSchema,
  transcriptionSchema,
} from '@assistant/contracts';
import { silentWav } from '../../../tests/fixtures/audio/wav';
import { DEFAULT_TRANSCRIPTION, startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { PDF_BYTES } from './support/collections-test-app';
import { TranslationTestBed, deadUrl, type TranslationTestApp } from './support/translation-test-app';
import { multipartForm, type FormPart } from './support/use-cases-test-app';

describe('transcriptions', () => {
  let bed: TranslationTestBed;
  let model: ScriptedModelServer;
  let t: TranslationTestApp;

  before(async () => {
    bed = await TranslationTestBed.start();
    model = await startScriptedModelServer();
    t = await bed.app({ OPENAI_BASE_URL: model.url, TRANSCRIPTION_MODEL: 'whisper-test' });
  });
  after(async () => {
    await bed.close();
    await model.close();
  });
  beforeEach(() => {
    model.setScript({ transcription: {} });
    model.requests.length = 0;
  });

  const transcribe = (parts: FormPart[], app = t) => app.inject({ method: 'POST', url: '/api/transcriptions', ...multipartForm(parts) });
  const wavPart = (filename = 'besprechung.wav', content: Buffer = silentWav(0.1)): FormPart => ({ name: 'file', filename, content, type: 'audio/wav' });

  it('says whether transcription is available, with the limit in bytes and the accepted types', async () => {
    const on = transcriptionConfigSchema.parse((await t.inject({ method: 'GET', url: '/api/transcriptions/config' })).json());
    assert.deepEqual(on, {
      available: true,
      max_bytes: megabytesToBytes(25),
      accepted_types: [...TRANSCRIPTION_AUDIO_MEDIA_TYPES],
      accepted_extensions: [...TRANSCRIPTION_AUDIO_EXTENSIONS],
    });
    const none = await bed.app({ OPENAI_BASE_URL: model.url, MAX_AUDIO_UPLOAD_MB: '10' });
    const off = transcriptionConfigSchema.parse((await none.inject({ method: 'GET', url: '/api/transcriptions/config' })).json());
    assert.deepEqual([off.available, off.max_bytes], [false, megabytesToBytes(10)]);
    // A model without any endpoint is not available either.
    const noEndpoint = await bed.app({ TRANSCRIPTION_MODEL: 'whisper-test' });
    assert.equal((await noEndpoint.inject({ method: 'GET', url: '/api/transcriptions/config' })).json().available, false);

    const refused = await transcribe([wavPart()], none);
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.json().code, 'model_unavailable');
    assert.equal(model.transcriptionRequests().length, 0);
  });

  it('transcribes a small audio file through the endpoint: text, language, duration and timestamped segments', async () => {
    const wav = silentWav(0.1);
    const response = await transcribe([{ name: 'language', value: 'de' }, wavPart('besprechung.wav', wav)]);
    assert.equal(response.statusCode, 200, response.body);
    const result = transcriptionSchema.parse(response.json());
    assert.deepEqual(result, {
      text: DEFAULT_TRANSCRIPTION.text,
      language: 'german',
      duration: 4.2,
      segments: [
        { start: 0, end: 1.4, text: 'Guten Morgen.' },
        { start: 1.4, end: 4.2, text: 'Die Besprechung beginnt um zehn Uhr.' },
      ],
    });
    assert.deepEqual(model.transcriptionRequests()[0]!.transcription, {
      fileName: 'besprechung.wav',
      size: wav.length,
      type: 'audio/wav',
      model: 'whisper-test',
      responseFormat: 'verbose_json',
      language: 'de',
    });
    assert.equal(
      toWebVtt(result.segments),
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.400\nGuten Morgen.\n\n2\n00:00:01.400 --> 00:00:04.200\nDie Besprechung beginnt um zehn Uhr.\n\n',
    );
  });

  it('names a file without a fitting extension by its content, passes the language without region, and takes its own endpoint and key when configured', async () => {
    assert.equal((await transcribe([{ name: 'language', value: 'de-AT' }, wavPart('Aufnahme vom Montag')])).statusCode, 200);
    assert.equal(model.transcriptionRequests()[0]!.transcription!.fileName, 'audio.wav');
    // Whisper takes the language without its region.
    assert.equal(model.transcriptionRequests()[0]!.transcription!.language, 'de');

    model.requests.length = 0;
    const own = await bed.app({ OPENAI_BASE_URL: await deadUrl('/v1'), TRANSCRIPTION_BASE_URL: model.url, TRANSCRIPTION_API_KEY: 'speech-key', TRANSCRIPTION_MODEL: 'own-whisper' });
    const response = await transcribe([wavPart()], own);
    assert.equal(response.statusCode, 200, response.body);
    const [call] = model.transcriptionRequests();
    assert.equal(call!.transcription!.model, 'own-whisper');
    assert.equal(call!.headers.authorization, 'Bearer speech-key');
  });

  it('passes an answer without segments on with none, its text trimmed and its duration kept', async () => {
    model.setScript({ transcription: { text: ' Kurz. ', segments: [], duration: 0.5 } });
    const result = transcriptionSchema.parse((await transcribe([wavPart()])).json());
    assert.deepEqual(result, { text: 'Kurz.', language: 'german', duration: 0.5, segments: [] });
  });

  it('refuses a file over maxAudioFileUploadSizeMB with 413 and the limit in bytes, before the endpoint sees it', async () => {
    const small = await bed.app({ OPENAI_BASE_URL: model.url, TRANSCRIPTION_MODEL: 'whisper-test', MAX_AUDIO_UPLOAD_MB: '0.001' });
    const response = await transcribe([wavPart('lang.wav', silentWav(1))], small);
    assert.equal(response.statusCode, 413);
    assert.deepEqual([response.json().code, response.json().limit], ['payload_too_large', { value: 1048, unit: 'bytes' }]);
    assert.equal(model.transcriptionRequests().length, 0);
  });

  it('refuses what is not audio of an accepted type with 415, whatever its name says', async () => {
    for (const part of [
      { name: 'file', filename: 'notiz.mp3', content: 'Das ist Text, kein Ton.', type: 'audio/mpeg' },
      { name: 'file', filename: 'bericht.wav', content: PDF_BYTES, type: 'audio/wav' },
    ]) {
      const response = await transcribe([part]);
      assert.equal(response.statusCode, 415, part.filename);
      assert.equal(response.json().code, 'unsupported_media_type');
    }
    const json = await t.inject({ method: 'POST', url: '/api/transcriptions', payload: { file: 'x' } });
    assert.equal(json.statusCode, 415);
    assert.equal(model.transcriptionRequests().length, 0);
  });

  it('refuses a form without a file, with an empty file, two files or a bad language hint (400)', async () => {
    assert.equal((await transcribe([{ name: 'language', value: 'de' }])).statusCode, 400);
    assert.equal((await transcribe([wavPart('leer.wav', Buffer.alloc(0))])).statusCode, 400);
    assert.equal((await transcribe([wavPart('a.wav'), wavPart('b.wav')])).statusCode, 400);
    const language = await transcribe([{ name: 'language', value: 'deutsch bitte' }, wavPart()]);
    assert.equal(language.statusCode, 400);
    assert.deepEqual(language.json().issues[0].path, ['body', 'language']);
    assert.equal(model.transcriptionRequests().length, 0);
  });

  it('answers 502 when the endpoint fails, 504 when it does not answer in time, 503 when it cannot be reached', async () => {
    model.setScript({ transcription: { status: 500, errorMessage: 'decoder crashed at /srv/whisper' } });
    const failed = await transcribe([wavPart()]);
    assert.equal(failed.statusCode, 502);
    assert.deepEqual([failed.json().code, failed.json().message], ['upstream_failed', 'Transcription failed: the transcription model reported an error']);

    model.setScript({ transcription: { hang: true } });
    const slow = await bed.app({ OPENAI_BASE_URL: model.url, TRANSCRIPTION_MODEL: 'whisper-test', TRANSCRIPTION_TIMEOUT_SECONDS: '0.3' });
    const timedOut = await transcribe([wavPart()], slow);
    assert.equal(timedOut.statusCode, 504);
    assert.equal(timedOut.json().code, 'upstream_timeout');
    await model.waitFor((requests) => requests.some((request) => request.aborted));

    const unreachable = await bed.app({ OPENAI_BASE_URL: await deadUrl('/v1'), TRANSCRIPTION_MODEL: 'whisper-test' });
    const down = await transcribe([wavPart()], unreachable);
    assert.equal(down.statusCode, 503);
    assert.equal(down.json().code, 'model_unavailable');
  });
});
