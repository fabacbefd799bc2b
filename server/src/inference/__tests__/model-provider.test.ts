import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import { TranslationTestBed, deadUrl } from '../../__tests__/support/translation-test-app';
import { ModelProvider, type ModelProviderOptions } from '../model-provider';
import { AnswerTooLongError, ModelUnavailableError, UpstreamError, UpstreamTimeoutError } from '../upstream';

function recordingLogger() {
  const lines: Array<{ level: string; message: string }> = [];
  const log = (level: string) => (first: unknown, second?: unknown) => {
    lines.push({ level, message: typeof first === 'string' ? first : String(second) });
  };
  return { lines, logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') } as unknown as ModelProviderOptions['logger'] };
}

describe('model provider', () => {
  let model: ScriptedModelServer;

  before(async () => {
    model = await startScriptedModelServer({ models: ['llama3.2', 'nomic-embed-text', 'bge-reranker', 'mistral'] });
  });
  after(() => model.close());
  beforeEach(() => {
    model.setScript({ models: ['llama3.2', 'nomic-embed-text', 'bge-reranker', 'mistral'], modelsStatus: undefined, rules: [] });
    model.requests.length = 0;
  });

  const provider = (options: Partial<ModelProviderOptions> = {}) => {
    const { logger, lines } = recordingLogger();
    return { lines, provider: new ModelProvider({ timeoutMs: 5_000, logger, ...options }) };
  };

  it('lists the chat models of OPENAI_BASE_URL, sorted, without embedding and reranking models', async () => {
    const { provider: p } = provider({ baseUrl: model.url, apiKey: 'sk-test' });
    assert.deepEqual(await p.models(), ['llama3.2', 'mistral']);
    assert.equal(await p.defaultModel(), 'llama3.2');
    assert.equal(model.requests[0]!.headers.authorization, 'Bearer sk-test');
  });

  it('offers only OPENAI_MODEL when set, first one the default, and warns about a name the endpoint does not list', async () => {
    const { provider: p, lines } = provider({ baseUrl: model.url, models: ['mistral', 'gpt-unknown'] });
    assert.deepEqual(await p.models(), ['mistral', 'gpt-unknown']);
    assert.equal(await p.defaultModel(), 'mistral');
    assert.ok(lines.some((l) => l.level === 'warn' && /OPENAI_MODEL/.test(l.message)));
  });

  it('caches the model list briefly and shares one request between concurrent callers', async () => {
    const { provider: p } = provider({ baseUrl: model.url, modelsTtlMs: 200 });
    await Promise.all([p.models(), p.models(), p.models()]);
    await p.models();
    assert.equal(model.requests.length, 1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await p.models();
    assert.equal(model.requests.length, 2);
  });

  it('treats a failing model list as no models, logs it once, and recovers', async () => {
    model.setScript({ modelsStatus: 500 });
    const { provider: p, lines } = provider({ baseUrl: model.url, modelsTtlMs: 50 });
    assert.deepEqual(await p.models(), []);
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(await p.models(), []);
    assert.equal(lines.filter((l) => l.level === 'warn').length, 1);
    model.setScript({ modelsStatus: undefined });
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(await p.models(), ['llama3.2', 'mistral']);
    assert.ok(lines.some((l) => l.level === 'info' && /answers again/.test(l.message)));
  });

  it('finds a local Ollama at OLLAMA_URL when no base URL is set, and remembers the probe', async () => {
    const { provider: p } = provider({ ollamaUrl: model.origin });
    assert.deepEqual(await p.endpoint(), { baseUrl: `${model.origin}/v1`, source: 'ollama' });
    assert.deepEqual(await p.models(), ['llama3.2', 'mistral']);
    await p.endpoint();
    assert.equal(model.requests.filter((r) => r.path === '/v1/models').length, 2, 'one probe, one listing');
    assert.match(p.describe(), /Ollama at/);
  });

  it('finds nothing when no Ollama answers, quickly, and nothing at all when detection is off', async () => {
    const { provider: absent } = provider({ ollamaUrl: await deadUrl(), probeTimeoutMs: 500 });
    const started = Date.now();
    assert.equal(await absent.endpoint(), undefined);
    assert.deepEqual(await absent.models(), []);
    assert.ok(Date.now() - started < 1_000);

    const { provider: off } = provider({});
    assert.equal(await off.endpoint(), undefined);
    assert.match(off.describe(), /none/);
    await assert.rejects(off.complete({ model: 'x', messages: [] }), ModelUnavailableError);
  });

  it('does not probe at start-up: the API starts without asking the model endpoint', async () => {
    const bed = await TranslationTestBed.start();
    try {
      await bed.app({ OLLAMA_URL: model.origin });
      await bed.app({ OPENAI_BASE_URL: model.url });
      assert.equal(model.requests.length, 0);
    } finally {
      await bed.close();
    }
  });

  it('completes a chat, and maps an HTTP error and a timeout', async () => {
    model.setScript({
      rules: [
        { match: 'hello', reply: 'Hi there.' },
        { match: 'fail', status: 429, errorMessage: 'Rate limit reached' },
        { match: 'slow', hang: true },
      ],
    });
    const { provider: p } = provider({ baseUrl: model.url });
    assert.equal(await p.complete({ model: 'llama3.2', messages: [{ role: 'user', content: 'hello' }] }), 'Hi there.');
    await assert.rejects(p.complete({ model: 'llama3.2', messages: [{ role: 'user', content: 'fail' }] }), (error: unknown) => {
      assert.ok(error instanceof UpstreamError);
      assert.equal(error.status, 429);
      assert.equal(error.message, 'The model endpoint answered HTTP 429: Rate limit reached');
      return true;
    });
    await assert.rejects(p.complete({ model: 'llama3.2', messages: [{ role: 'user', content: 'slow' }], timeoutMs: 200 }), UpstreamTimeoutError);
    await model.waitFor((requests) => requests.some((r) => r.lastUserMessage === 'slow' && r.aborted));
  });

  it('streams deltas, and an abort of the caller\'s signal reaches the model server', async () => {
    model.setScript({ rules: [{ reply: 'one two three four', delayMs: 30 }] });
    const { provider: p } = provider({ baseUrl: model.url });
    const whole: string[] = [];
    for await (const delta of await p.stream({ model: 'llama3.2', messages: [{ role: 'user', content: 'x' }] })) whole.push(delta);
    assert.deepEqual(whole, ['one', ' two', ' three', ' four']);

    const controller = new AbortController();
    const deltas = await p.stream({ model: 'llama3.2', messages: [{ role: 'user', content: 'y' }], signal: controller.signal });
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const delta of deltas) {
          seen.push(delta);
          if (seen.length === 2) controller.abort();
        }
      })(),
      { name: 'AbortError' },
    );
    assert.deepEqual(seen, ['one', ' two']);
    await model.waitFor((requests) => requests.some((r) => r.lastUserMessage === 'y' && r.aborted));
  });

  it('cancels the upstream stream when the consumer stops reading', async () => {
    model.setScript({ rules: [{ reply: 'one two three four', delayMs: 30 }] });
    const { provider: p } = provider({ baseUrl: model.url });
    for await (const delta of await p.stream({ model: 'llama3.2', messages: [{ role: 'user', content: 'z' }] })) {
      assert.equal(delta, 'one');
      break;
    }
    await model.waitFor((requests) => requests.some((r) => r.lastUserMessage === 'z' && r.aborted));
  });

  it('ends quietly when the reader aborts its signal and then stops reading, and the model server sees the abort', async () => {
    model.setScript({ rules: [{ reply: 'one two three four', delayMs: 30 }] });
    const { provider: p } = provider({ baseUrl: model.url });
    for (const streamed of ['stream', 'streamChat'] as const) {
      const controller = new AbortController();
      const seen: string[] = [];
      for await (const delta of await p[streamed]({ model: 'llama3.2', messages: [{ role: 'user', content: `stop ${streamed}` }], signal: controller.signal })) {
        seen.push(typeof delta === 'string' ? delta : delta.text);
        controller.abort();
        break;
      }
      assert.deepEqual(seen, ['one']);
      await model.waitFor((requests) => requests.some((r) => r.lastUserMessage === `stop ${streamed}` && r.aborted));
    }
  });

  it('sends max_tokens from the configuration on every call; a caller may ask for fewer, never more', async () => {
    model.setScript({ rules: [{ reply: 'ok' }] });
    const { provider: p } = provider({ baseUrl: model.url, maxTokens: 512 });
    await p.complete({ model: 'llama3.2', messages: [{ role: 'user', content: 'a' }] });
    for await (const _ of await p.stream({ model: 'llama3.2', messages: [{ role: 'user', content: 'b' }] }));
    for await (const _ of await p.streamChat({ model: 'llama3.2', messages: [{ role: 'user', content: 'c' }] }));
    await p.complete({ model: 'llama3.2', messages: [{ role: 'user', content: 'd' }], maxTokens: 40 });
    await p.complete({ model: 'llama3.2', messages: [{ role: 'user', content: 'e' }], maxTokens: 100_000 });
    assert.deepEqual(
      model.chatRequests().map((r) => [r.lastUserMessage, r.body.max_tokens]),
      [['a', 512], ['b', 512], ['c', 512], ['d', 40], ['e', 512]],
    );
  });

  it('asks a stream for its usage and passes it on; an endpoint that refuses stream_options is asked again without it', async () => {
    model.setScript({ rules: [{ reply: 'counted', usage: { prompt_tokens: 11, completion_tokens: 3 } }] });
    const { provider: p, lines } = provider({ baseUrl: model.url });
    const usages: unknown[] = [];
    for await (const _ of await p.streamChat({ model: 'llama3.2', messages: [{ role: 'user', content: 'a' }], onUsage: (usage) => usages.push(usage) }));
    assert.deepEqual([...usages], [{ inputTokens: 11, outputTokens: 3, responseModel: 'llama3.2' }]);

    model.setScript({
      rules: [
        { asksUsage: true, status: 400, errorMessage: 'Unrecognized request argument supplied: stream_options' },
        { asksUsage: false, reply: 'plain' },
      ],
    });
    model.requests.length = 0;
    let text = '';
    for await (const delta of await p.streamChat({ model: 'llama3.2', messages: [{ role: 'user', content: 'b' }], onUsage: (usage) => usages.push(usage) })) text += delta.text;
    assert.equal(text, 'plain');
    assert.deepEqual(model.chatRequests().map((r) => r.body.stream_options), [{ include_usage: true }, undefined]);
    assert.equal(usages.length, 1, 'no usage without the usage chunk');
    assert.ok(lines.some((line) => line.message === 'the model refused stream_options: asking without it'));
  });

  it('stops reading a streamed answer past MAX_ANSWER_CHARACTERS and cancels the upstream request', async () => {
    // An endpoint that ignores max_tokens: 50,000 pieces of 10 characters (megabytes of events).
    model.setScript({ rules: [{ match: 'long', chunks: Array.from({ length: 50_000 }, () => 'abcdefghi ') }] });
    const { provider: p } = provider({ baseUrl: model.url, maxAnswerCharacters: 1_000 });
    for (const streamed of ['stream', 'streamChat'] as const) {
      let text = '';
      await assert.rejects(
        async () => {
          for await (const delta of await p[streamed]({ model: 'llama3.2', messages: [{ role: 'user', content: 'long' }] })) {
            text += typeof delta === 'string' ? delta : delta.text;
          }
        },
        (error: unknown) => error instanceof AnswerTooLongError && /longer than 1,000 characters/.test(error.message),
      );
      assert.ok(text.length <= 1_000 && text.length >= 990, `${streamed}: ${text.length} characters kept`);
    }
    await model.waitFor((requests) => requests.filter((r) => r.lastUserMessage === 'long' && r.aborted).length === 2);
    assert.ok(model.chatRequests().every((r) => (r.chunksSent ?? 0) < 50_000), 'the rest was never sent');
  });

  it('refuses a whole answer past MAX_ANSWER_CHARACTERS without reading it all into memory', async () => {
    model.setScript({ rules: [{ match: 'huge', reply: 'x'.repeat(200_000) }, { match: 'small', reply: 'fine' }] });
    const { provider: p } = provider({ baseUrl: model.url, maxAnswerCharacters: 10_000 });
    await assert.rejects(p.complete({ model: 'llama3.2', messages: [{ role: 'user', content: 'huge' }] }), AnswerTooLongError);
    assert.equal(await p.complete({ model: 'llama3.2', messages: [{ role: 'user', content: 'small' }] }), 'fine');
  });
});
