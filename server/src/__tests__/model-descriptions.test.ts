import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { qaResourcesResponseSchema } from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { MODEL_DESCRIPTION_MAX_LENGTH } from '../inference/model-catalogue';
import { ModelProvider, type ModelProviderOptions } from '../inference/model-provider';
import { testDatabaseTargets } from '../testing/test-databases';
import { startChatTestApp, type ChatTestApp } from './support/chat-test-app';

const silent = { debug() {}, info() {}, warn() {}, error() {} } as unknown as ModelProviderOptions['logger'];

/** An OpenAI-compatible /models whose entries carry descriptions (as some servers send), or not. */
const LISTED = [
  { id: 'llama3', object: 'model', created: 0, owned_by: 'library', description: '  Meta Llama 3,\n 8B instruct  ' },
  { id: 'mistral', object: 'model', created: 0, owned_by: 'mistralai' },
  { id: 'qwen', object: 'model', created: 0, owned_by: 'qwen', description: '   ' },
  { id: 'long', object: 'model', created: 0, owned_by: 'x', description: 'word '.repeat(100) },
  { id: 'odd', object: 'model', created: 0, owned_by: 'x', description: 42 },
];

describe('model descriptions from /models', () => {
  let server: Server;
  let url: string;
  before(async () => {
    server = createServer((request, response) => {
      if (request.url?.endsWith('/models')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ object: 'list', data: LISTED }));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps an entry’s own description, on one line, cut to the contract’s length; none where there is none', async () => {
    const provider = new ModelProvider({ baseUrl: url, timeoutMs: 5_000, logger: silent });
    assert.deepEqual(await provider.models(), ['llama3', 'long', 'mistral', 'odd', 'qwen']);
    const descriptions = await provider.modelDescriptions();
    assert.equal(descriptions.get('llama3'), 'Meta Llama 3, 8B instruct');
    assert.equal(descriptions.has('mistral'), false, 'owned_by is not a description');
    assert.equal(descriptions.has('qwen'), false);
    assert.equal(descriptions.has('odd'), false);
    assert.equal(descriptions.get('long')!.length, MODEL_DESCRIPTION_MAX_LENGTH);
    assert.match(descriptions.get('long')!, /…$/);
  });

  it('describes only the models on offer (OPENAI_MODEL)', async () => {
    const provider = new ModelProvider({ baseUrl: url, models: ['mistral', 'llama3'], timeoutMs: 5_000, logger: silent });
    assert.deepEqual([...(await provider.modelDescriptions()).keys()], ['llama3']);
  });

  for (const target of testDatabaseTargets().slice(0, 1)) {
    describe(`GET /api/qa/resources on ${target.name}`, () => {
      let handle: DatabaseHandle;
      let t: ChatTestApp;
      before(async () => {
        handle = await target.open();
        t = await startChatTestApp(handle, { OPENAI_BASE_URL: url, OPENAI_MODEL: 'llama3,mistral' });
      });
      after(async () => {
        await t.close();
        await handle.close();
      });

      it('answers a model’s description where the endpoint gives one, and none otherwise', async () => {
        const response = await t.as('employee', { method: 'GET', url: '/api/qa/resources' });
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(qaResourcesResponseSchema.parse(response.json()).language_models, [
          { id: 'llama3', name: 'llama3', type: 'llm', mode: 'collection', max_characters: 24000, description: 'Meta Llama 3, 8B instruct' },
          { id: 'mistral', name: 'mistral', type: 'llm', mode: 'collection', max_characters: 24000 },
        ]);
      });
    });
  }
});
