import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { STREAM_CONTENT_TYPE, apiErrorSchema, streamEventSchema, type StreamEvent } from '@assistant/contracts';
import { DEFAULT_SCRIPT, scriptFromFile, startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { TranslationTestBed, deadUrl, type TranslationTestApp } from './support/translation-test-app';

const TEXT = 'Der Bericht ist fertig. Bitte prüfen Sie die Zahlen. Wir treffen uns am Montag.';

/** Every line of a JSON-lines answer, each validated against the stream envelope. */
function events(body: string): StreamEvent[] {
  assert.ok(body.endsWith('\n'), 'the stream ends with a line break');
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => streamEventSchema.parse(JSON.parse(line)));
}

function shape(list: StreamEvent[]): string[] {
  return list.map((event) => (event.kind === 'stream_text' ? `stream_text:${event.event.type}` : event.kind));
}

function text(list: StreamEvent[]): string {
  return list.map((event) => (event.kind === 'stream_text' && event.event.type === 'append' ? event.event.delta : '')).join('');
}

describe('easy language', () => {
  let bed: TranslationTestBed;
  let model: ScriptedModelServer;
  let t: TranslationTestApp;

  before(async () => {
    bed = await TranslationTestBed.start();
    model = await startScriptedModelServer(scriptFromFile(DEFAULT_SCRIPT));
    t = await bed.app({ OPENAI_BASE_URL: model.url });
  });
  after(async () => {
    await bed.close();
    await model.close();
  });
  beforeEach(() => {
    model.setScript(scriptFromFile(DEFAULT_SCRIPT));
    model.requests.length = 0;
  });

  const rewrite = (payload: Record<string, unknown>, app = t) => app.inject({ method: 'POST', url: '/api/easy-language', payload });

  it('streams begin, one append per model chunk, end and done, as JSON lines of the envelope', async () => {
    model.setScript({ rules: [{ system: 'Einfache Sprache', reply: 'Der Bericht ist fertig.\nBitte sehen Sie sich die Zahlen an.' }] });
    const response = await rewrite({ text: TEXT, locale: 'de' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], `${STREAM_CONTENT_TYPE}; charset=utf-8`);
    const list = events(response.body);
    assert.deepEqual(shape(list), [
      'stream_text:begin',
      ...Array.from({ length: 11 }, () => 'stream_text:append'),
      'stream_text:end',
      'done',
    ]);
    assert.equal(text(list), 'Der Bericht ist fertig.\nBitte sehen Sie sich die Zahlen an.');
    const ids = new Set(list.flatMap((event) => (event.kind === 'stream_text' ? [event.event.stream_id] : [])));
    assert.equal(ids.size, 1);

    const [call] = model.chatRequests();
    assert.equal(call!.body.stream, true);
    assert.equal(call!.body.model, 'scripted-model');
    assert.equal(call!.lastUserMessage, TEXT);
    assert.match(call!.systemMessage!, /Einfache Sprache/);
    assert.match(call!.systemMessage!, /Erfinde nichts dazu/);
    assert.match(call!.systemMessage!, /Fachwörter/);
  });

  it('asks for plain English for the English locale', async () => {
    const list = events((await rewrite({ text: 'The quarterly report has been finalised.', locale: 'en' })).body);
    assert.equal(text(list), 'The report is done.\nPlease look at the numbers closely.\nWe meet on Monday.');
    assert.match(model.chatRequests()[0]!.systemMessage!, /plain English/);
  });

  it('answers 503 JSON before streaming when no model is reachable', async () => {
    const none = await bed.app();
    const response = await rewrite({ text: TEXT, locale: 'de' }, none);
    assert.equal(response.statusCode, 503);
    assert.match(response.headers['content-type'] as string, /application\/json/);
    assert.match(apiErrorSchema.parse(response.json()).message, /^No language model is reachable/);

    const unreachable = await bed.app({ OPENAI_BASE_URL: await deadUrl('/v1') });
    assert.equal((await rewrite({ text: TEXT, locale: 'de' }, unreachable)).statusCode, 503);
  });

  it('answers 502 JSON when the model refuses before streaming, 504 when it does not answer in time', async () => {
    model.setScript({ rules: [{ status: 500, errorMessage: 'model crashed' }] });
    const refused = await rewrite({ text: TEXT, locale: 'de' });
    assert.equal(refused.statusCode, 502);
    assert.deepEqual([refused.json().code, refused.json().message], ['upstream_failed', 'Easy language failed: the language model reported an error']);

    const slow = await bed.app({ OPENAI_BASE_URL: model.url, REQUEST_TIMEOUT_SECONDS: '0.3' });
    model.setScript({ rules: [{ hang: true }] });
    const timedOut = await rewrite({ text: TEXT, locale: 'de' }, slow);
    assert.equal(timedOut.statusCode, 504);
    assert.equal(timedOut.json().message, 'Easy language failed: The model endpoint did not answer within 0.3 seconds');
    await model.waitFor((requests) => requests.some((r) => r.aborted));
  });

  it('ends with an error line when the model fails mid-stream (connection cut or error event)', async () => {
    model.setScript({ rules: [{ reply: 'Eins zwei drei vier', failAfterChunks: 2 }] });
    const cut = events((await rewrite({ text: TEXT, locale: 'de' })).body);
    assert.deepEqual(shape(cut), ['stream_text:begin', 'stream_text:append', 'stream_text:append', 'stream_text:end', 'error']);
    assert.equal(text(cut), 'Eins zwei');
    const last = cut.at(-1)!;
    assert.ok(last.kind === 'error');
    assert.equal(last.code, 'upstream_failed');
    assert.equal(last.message, 'Easy language failed: the language model reported an error');

    model.setScript({ rules: [{ reply: 'Eins zwei', failAfterChunks: 1, failWith: 'error-event', errorMessage: 'overloaded' }] });
    const errored = events((await rewrite({ text: TEXT, locale: 'de' })).body);
    const error = errored.at(-1)!;
    assert.ok(error.kind === 'error');
    assert.equal(error.message, 'Easy language failed: the language model reported an error');
  });

  it('ends with a timeout error line when the model stalls mid-stream longer than the timeout', async () => {
    const slow = await bed.app({ OPENAI_BASE_URL: model.url, REQUEST_TIMEOUT_SECONDS: '0.3' });
    model.setScript({ rules: [{ reply: 'Eins zwei drei', hangAfterChunks: 1 }] });
    const list = events((await rewrite({ text: TEXT, locale: 'de' }, slow)).body);
    assert.deepEqual(shape(list), ['stream_text:begin', 'stream_text:append', 'stream_text:end', 'error']);
    const last = list.at(-1)!;
    assert.ok(last.kind === 'error');
    assert.equal(last.code, 'timeout');
    await model.waitFor((requests) => requests.some((r) => r.aborted));
  });

  it('streams progressively over real HTTP, and a disconnecting client cancels the model stream', async () => {
    model.setScript({ rules: [{ reply: 'one two three four five six seven eight nine ten', delayMs: 60 }] });
    const origin = await t.listen();
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/easy-language`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: TEXT, locale: 'en' }),
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    // Read until the second append arrived: the answer comes piece by piece, long before the model is done.
    while ((received.match(/"append"/g) ?? []).length < 2) {
      const { value, done } = await reader.read();
      assert.equal(done, false, 'the stream ended early');
      received += decoder.decode(value, { stream: true });
    }
    assert.equal(model.chatRequests()[0]!.completed, false);
    controller.abort();
    await model.waitFor((requests) => requests[requests.length - 1]!.aborted);
    assert.equal(model.chatRequests()[0]!.completed, false);
  });

  it('refuses a bad body with 400', async () => {
    assert.equal((await rewrite({ text: TEXT, locale: 'fr' })).statusCode, 400);
    assert.equal((await rewrite({ text: '  ', locale: 'de' })).statusCode, 400);
    assert.equal((await rewrite({ text: TEXT, locale: 'de', model: 'x' })).statusCode, 400);
  });
});
