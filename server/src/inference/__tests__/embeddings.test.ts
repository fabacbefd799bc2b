import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { loadConfig } from '../../config';
import { startScriptedModelServer, testEmbedding, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import { EmbeddingsClient } from '../embeddings';
import { isAbortError, UpstreamError, UpstreamTimeoutError, UpstreamUnreachableError } from '../upstream';

describe('embeddings client', () => {
  let model: ScriptedModelServer;
  const client = (options: { batchSize?: number; timeoutMs?: number } = {}) =>
    new EmbeddingsClient({
      provider: { endpoint: async () => ({ baseUrl: model.url, source: 'configured' }) },
      apiKey: 'secret-key',
      model: 'embed-test',
      batchSize: options.batchSize ?? 8,
      timeoutMs: options.timeoutMs ?? 5_000,
    });

  before(async () => {
    model = await startScriptedModelServer();
  });
  after(() => model.close());
  beforeEach(() => model.setScript({ embeddings: {} }));

  it('asks /embeddings with the model, the key and the texts, and answers the vectors in order', async () => {
    const texts = ['Der Jahresbericht', 'The annual report', 'Arbeitsvertrag'];
    const vectors = await client().embed(texts);
    assert.deepEqual(vectors, texts.map((text) => testEmbedding(text)));
    const request = model.embeddingRequests().at(-1)!;
    assert.deepEqual(request.embeddingInputs, texts);
    assert.equal((request.body as { model: string }).model, 'embed-test');
    assert.equal(request.headers.authorization, 'Bearer secret-key');
  });

  it('refuses more texts than a batch holds, and asks nothing for none', async () => {
    const before = model.embeddingRequests().length;
    await assert.rejects(client({ batchSize: 2 }).embed(['a', 'b', 'c']), RangeError);
    assert.deepEqual(await client().embed([]), []);
    assert.equal(model.embeddingRequests().length, before);
  });

  it('maps an HTTP error, a timeout and the caller abort', async () => {
    model.setScript({ embeddings: { status: 500, errorMessage: 'model not loaded' } });
    await assert.rejects(client().embed(['x']), (error: unknown) => error instanceof UpstreamError && error.status === 500 && /model not loaded/.test(error.message));

    model.setScript({ embeddings: { hang: true } });
    await assert.rejects(client({ timeoutMs: 100 }).embed(['x']), UpstreamTimeoutError);
    const controller = new AbortController();
    const pending = client().embed(['x'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await assert.rejects(pending, (error: unknown) => isAbortError(error));
  });

  it('says so when no model server is configured or detected', async () => {
    const none = new EmbeddingsClient({ provider: { endpoint: async () => undefined }, apiKey: undefined, model: 'm', batchSize: 4, timeoutMs: 1000 });
    await assert.rejects(none.embed(['x']), UpstreamUnreachableError);
  });

  it('is made from the configuration only when EMBEDDINGS_MODEL is set', () => {
    const provider = { endpoint: async () => undefined };
    assert.equal(EmbeddingsClient.fromConfig(loadConfig({ DEV_IDP: 'on' }), provider), undefined);
    const configured = EmbeddingsClient.fromConfig(loadConfig({ DEV_IDP: 'on', EMBEDDINGS_MODEL: 'nomic-embed-text', EMBEDDINGS_BATCH_SIZE: '16' }), provider);
    assert.equal(configured?.model, 'nomic-embed-text');
    assert.equal(configured?.batchSize, 16);
  });
});
