import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  apiErrorSchema,
  collectionFileListResponseSchema,
  collectionSummarySchema,
  conversationSchema,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PER_MESSAGE,
  messageListResponseSchema,
  qaResourcesResponseSchema,
  uploadResponseSchema,
} from '@assistant/contracts';
import { sql } from 'kysely';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { channelText, parseEvents } from './support/chat-test-app';
import { multipart, startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

const PNG = await readFile(new URL('../../../tests/fixtures/images/blue-square.png', import.meta.url));
const INTENT_RULE = { system: 'Classify the user', reply: '{"question":true}' };

for (const target of testDatabaseTargets()) {
  describe(`images in chat on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let t: CollectionsTestApp;
    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ models: ['text-model', 'vision-model', 'configured-model'], visionModels: ['vision-model'] });
      t = await startCollectionsTestApp(handle, { OPENAI_BASE_URL: model.url, IMAGE_MODELS: 'configured-model' });
    });
    after(async () => {
      await t.close();
      await model.close();
      await handle.close();
    });
    beforeEach(() => {
      model.setScript({ models: ['text-model', 'vision-model', 'configured-model'], visionModels: ['vision-model'], rules: [INTENT_RULE], defaultReply: 'A blue square.' });
      model.requests.length = 0;
    });

    async function conversation() {
      const response = await t.as('employee', { method: 'POST', url: '/api/conversations?name=Images' });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json()).id;
    }
    function upload(url: string, files: Parameters<typeof multipart>[0]) {
      return t.as('employee', { method: 'POST', url, ...multipart(files) });
    }
    async function attach(conversationId: string, files: Parameters<typeof multipart>[0]) {
      const response = await upload(`/api/conversations/${conversationId}/files`, files);
      assert.equal(response.statusCode, 201, response.body);
      return uploadResponseSchema.parse(response.json()).files;
    }
    const send = (conversationId: string, payload: Record<string, unknown>) =>
      t.as('employee', { method: 'POST', url: `/api/conversations/${conversationId}/messages/v2`, payload });
    async function messages(conversationId: string) {
      return messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${conversationId}/messages` })).json()).messages;
    }
    const answerCalls = () => model.chatRequests().filter((request) => request.stream);

    it('says which models accept images: from the endpoint\'s /models and from IMAGE_MODELS', async () => {
      const response = await t.as('employee', { method: 'GET', url: '/api/qa/resources' });
      const models = qaResourcesResponseSchema.parse(response.json()).language_models;
      assert.deepEqual(
        models.map((entry) => [entry.id, entry.accepts_images ?? false]),
        [['configured-model', true], ['text-model', false], ['vision-model', true]],
      );
    });

    it('stores an image like an attachment, ready at once without ingestion, and serves its bytes to the owner', async () => {
      const id = await conversation();
      const [image] = await attach(id, [{ name: 'screenshot.png', content: PNG, type: 'image/png' }]);
      assert.deepEqual([image!.name, image!.mediaType, image!.status], ['screenshot.png', 'image/png', 'processed']);
      const listed = collectionFileListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/files` })).json()).files;
      assert.deepEqual(listed.map((file) => [file.name, file.status]), [['screenshot.png', 'processed']]);
      // No ingestion job waits for it: there is no text to extract.
      const { rows } = await sql<{ n: string }>`select count(*) as n from jobs where payload->>'run_id' = ${image!.runId}`.execute(handle.db);
      assert.equal(Number(rows[0]!.n), 0);
      const content = await t.as('employee', { method: 'GET', url: `/api/files/${image!.fileId}/content` });
      assert.equal(content.statusCode, 200);
      assert.match(String(content.headers['content-type']), /^image\/png/);
      assert.deepEqual(content.rawPayload, PNG);
      assert.equal((await t.as('other', { method: 'GET', url: `/api/files/${image!.fileId}/content` })).statusCode, 404);
    });

    it('refuses an image over the limit (413) and an image in a collection (415)', async () => {
      const id = await conversation();
      const large = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES + 1 - PNG.length)]);
      const tooLarge = await upload(`/api/conversations/${id}/files`, [{ name: 'huge.png', content: large, type: 'image/png' }]);
      assert.equal(tooLarge.statusCode, 413, tooLarge.body);
      assert.deepEqual(apiErrorSchema.parse(tooLarge.json()).limit, { value: IMAGE_MAX_BYTES, unit: 'bytes' });
      const created = collectionSummarySchema.parse((await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Docs', scope: 'personal' } })).json());
      const intoCollection = await upload(`/api/collections/${created.id}/files`, [{ name: 'screenshot.png', content: PNG, type: 'image/png' }]);
      assert.equal(intoCollection.statusCode, 415, intoCollection.body);
    });

    it('sends the image to an image model as an image_url part with a data: URL, and keeps it with the question', async () => {
      const id = await conversation();
      const [image] = await attach(id, [{ name: 'screenshot.png', content: PNG, type: 'image/png' }]);
      const response = await send(id, { content: 'What is in this screenshot?', attachments: [image!.fileId], reasoning_model_override: 'vision-model' });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(channelText(parseEvents(response.body), 'answer'), 'A blue square.');

      const [call] = answerCalls();
      const body = call!.body as { model: string; messages: Array<{ role: string; content: unknown }> };
      assert.equal(body.model, 'vision-model');
      assert.deepEqual(body.messages.at(-1), {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this screenshot?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
        ],
      });
      // Not searched as a document: no retrieval step.
      assert.ok(!parseEvents(response.body).some((event) => event.kind === 'tool'));
      const question = (await messages(id)).find((message) => message.role === 'user');
      assert.deepEqual(question?.attachments, [{ file_id: image!.fileId, name: 'screenshot.png' }]);

      // The next question sends its own text only: the earlier image stays out of the history.
      const next = await send(id, { content: 'And the colour?', reasoning_model_override: 'vision-model' });
      assert.equal(next.statusCode, 200, next.body);
      const history = (answerCalls()[1]!.body as { messages: Array<{ role: string; content: unknown }> }).messages;
      assert.ok(history.every((message) => typeof message.content === 'string'), 'no image parts in the history');
      assert.ok(history.some((message) => message.content === 'What is in this screenshot?'));
    });

    it('takes a model named in IMAGE_MODELS', async () => {
      const id = await conversation();
      const [image] = await attach(id, [{ name: 'photo.png', content: PNG, type: 'image/png' }]);
      const response = await send(id, { content: 'Describe it.', attachments: [image!.fileId], reasoning_model_override: 'configured-model' });
      assert.equal(response.statusCode, 200, response.body);
      assert.ok(Array.isArray((answerCalls()[0]!.body as { messages: Array<{ content: unknown }> }).messages.at(-1)!.content));
    });

    it('refuses images for a text-only model (400 images_not_supported) and too many images (413), storing and asking nothing', async () => {
      const id = await conversation();
      const images = await attach(
        id,
        Array.from({ length: IMAGE_MAX_PER_MESSAGE + 1 }, (_, index) => ({ name: `shot-${index}.png`, content: PNG, type: 'image/png' })),
      );
      const textOnly = await send(id, { content: 'What is this?', attachments: [images[0]!.fileId], reasoning_model_override: 'text-model' });
      assert.equal(textOnly.statusCode, 400, textOnly.body);
      const refusal = apiErrorSchema.parse(textOnly.json());
      assert.equal(refusal.code, 'images_not_supported');
      assert.match(refusal.message, /"text-model" does not accept images/);

      const tooMany = await send(id, { content: 'What are these?', attachments: images.map((image) => image.fileId), reasoning_model_override: 'vision-model' });
      assert.equal(tooMany.statusCode, 413, tooMany.body);
      assert.deepEqual(apiErrorSchema.parse(tooMany.json()).limit, { value: IMAGE_MAX_PER_MESSAGE, unit: 'files' });

      assert.deepEqual(await messages(id), []);
      assert.equal(answerCalls().length, 0);
    });

    it('deletes the images with their conversation: rows and bytes', async () => {
      const id = await conversation();
      const [image] = await attach(id, [{ name: 'screenshot.png', content: PNG, type: 'image/png' }]);
      assert.equal((await send(id, { content: 'What is it?', attachments: [image!.fileId], reasoning_model_override: 'vision-model' })).statusCode, 200);
      assert.ok((await t.storedFiles()).includes(image!.fileId));
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/conversations/${id}` })).statusCode, 204);
      assert.ok(!(await t.storedFiles()).includes(image!.fileId), 'the bytes are gone');
      const { rows } = await sql<{ n: string }>`select count(*) as n from files where id = ${image!.fileId}::uuid`.execute(handle.db);
      assert.equal(Number(rows[0]!.n), 0);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/files/${image!.fileId}/content` })).statusCode, 404);
    });
  });
}
