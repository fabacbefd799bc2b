import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CANVAS_ERRORS,
  CANVAS_MAX_CHARACTERS,
  CANVAS_MAX_PER_CONVERSATION,
  apiErrorSchema,
  canvasDocumentSchema,
  canvasListResponseSchema,
  canvasVersionListResponseSchema,
  canvasVersionSchema,
  conversationSchema,
} from '@assistant/contracts';
import { CANVAS_BODY_LIMIT } from '../canvas/canvas-size-limit';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { startChatTestApp, type ChatTestApp } from './support/chat-test-app';

type User = 'employee' | 'other';

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

for (const target of testDatabaseTargets()) {
  describe(`canvas API on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let t: ChatTestApp;
    before(async () => {
      handle = await target.open();
      t = await startChatTestApp(handle);
    });
    after(async () => {
      await t.close();
      await handle.close();
    });

    async function conversation(user: User = 'employee') {
      const response = await t.as(user, { method: 'POST', url: '/api/conversations?name=Notes' });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json()).id;
    }
    async function create(conversationId: string, markdown = '# Plan\n\nFirst draft.\n', title = 'Plan', user: User = 'employee') {
      const response = await t.as(user, { method: 'POST', url: `/api/conversations/${conversationId}/canvases`, payload: { title, markdown } });
      assert.equal(response.statusCode, 201, response.body);
      return canvasDocumentSchema.parse(response.json());
    }
    async function save(id: string, markdown: string, baseVersion: number, user: User = 'employee') {
      return t.as(user, { method: 'PUT', url: `/api/canvases/${id}/document`, payload: { markdown, base_version: baseVersion } });
    }
    async function versions(id: string) {
      const response = await t.as('employee', { method: 'GET', url: `/api/canvases/${id}/versions` });
      assert.equal(response.statusCode, 200, response.body);
      return canvasVersionListResponseSchema.parse(response.json()).versions;
    }
    function assertRefusal(response: { statusCode: number; json(): unknown; body: string }, refusal: { statusCode: number; code: string; message: string }) {
      assert.equal(response.statusCode, refusal.statusCode, response.body);
      const body = apiErrorSchema.parse(response.json());
      assert.deepEqual([body.code, body.message], [refusal.code, refusal.message]);
    }

    it('creates a canvas as version 1 by the user, lists a conversation\'s canvases latest first, and reads one', async () => {
      const conversationId = await conversation();
      const first = await create(conversationId, '# Plan\n\nFirst draft.\n', '  Plan  ');
      assert.equal(first.title, 'Plan');
      assert.equal(first.version, 1);
      assert.equal(first.conversation_id, conversationId);
      assert.equal(first.markdown, '# Plan\n\nFirst draft.\n');
      await pause(); // distinct timestamps
      const second = await create(conversationId, '', 'Empty');
      assert.equal(second.markdown, '', 'an empty canvas is allowed');

      const list = await t.as('employee', { method: 'GET', url: `/api/conversations/${conversationId}/canvases` });
      assert.equal(list.statusCode, 200, list.body);
      assert.deepEqual(canvasListResponseSchema.parse(list.json()).canvases.map((canvas) => canvas.title), ['Empty', 'Plan']);
      assert.equal('markdown' in list.json().canvases[0], false, 'lists carry no text');

      const read = await t.as('employee', { method: 'GET', url: `/api/canvases/${first.id}` });
      assert.equal(read.statusCode, 200, read.body);
      assert.deepEqual(canvasDocumentSchema.parse(read.json()), first);
      assert.deepEqual(await versions(first.id), [
        { version: 1, author: 'user', instruction: null, restored_from: null, characters: first.markdown.length, created_at: first.created_at },
      ]);

      // Saving a canvas moves it to the top of the list.
      await pause();
      assert.equal((await save(first.id, '# Plan\n\nSecond draft.\n', 1)).statusCode, 200);
      const relisted = canvasListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${conversationId}/canvases` })).json());
      assert.deepEqual(relisted.canvases.map((canvas) => [canvas.title, canvas.version]), [['Plan', 2], ['Empty', 1]]);
    });

    it('stores each save as a version by the user, lists versions in order, and restores an earlier one as a new version', async () => {
      const canvas = await create(await conversation(), 'v1 text');
      const saved = await save(canvas.id, 'v2 text, longer', 1);
      assert.equal(saved.statusCode, 200, saved.body);
      const v2 = canvasDocumentSchema.parse(saved.json());
      assert.deepEqual([v2.version, v2.markdown], [2, 'v2 text, longer']);
      assert.ok(v2.updated_at >= canvas.updated_at);

      const same = await save(canvas.id, 'v2 text, longer', 2);
      assert.equal(same.statusCode, 200, same.body);
      assert.equal(canvasDocumentSchema.parse(same.json()).version, 2, 'the same text is no new version');

      assertRefusal(await save(canvas.id, 'from an old copy', 1), CANVAS_ERRORS.staleVersion);
      assert.equal((await save(canvas.id, 'v3', 2)).statusCode, 200);

      const restored = await t.as('employee', { method: 'POST', url: `/api/canvases/${canvas.id}/versions/1/restore`, payload: { base_version: 3 } });
      assert.equal(restored.statusCode, 200, restored.body);
      assert.deepEqual(
        (({ version, markdown }) => ({ version, markdown }))(canvasDocumentSchema.parse(restored.json())),
        { version: 4, markdown: 'v1 text' },
      );
      assertRefusal(
        await t.as('employee', { method: 'POST', url: `/api/canvases/${canvas.id}/versions/2/restore`, payload: { base_version: 3 } }),
        CANVAS_ERRORS.staleVersion,
      );
      assertRefusal(
        await t.as('employee', { method: 'POST', url: `/api/canvases/${canvas.id}/versions/9/restore`, payload: { base_version: 4 } }),
        CANVAS_ERRORS.versionNotFound,
      );

      const list = await versions(canvas.id);
      assert.deepEqual(
        list.map(({ version, author, instruction, restored_from, characters }) => ({ version, author, instruction, restored_from, characters })),
        [
          { version: 1, author: 'user', instruction: null, restored_from: null, characters: 7 },
          { version: 2, author: 'user', instruction: null, restored_from: null, characters: 15 },
          { version: 3, author: 'user', instruction: null, restored_from: null, characters: 2 },
          { version: 4, author: 'user', instruction: null, restored_from: 1, characters: 7 },
        ],
      );
      const times = list.map((version) => version.created_at);
      assert.deepEqual([...times].sort(), times, 'oldest first');

      const second = await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}/versions/2` });
      assert.equal(second.statusCode, 200, second.body);
      assert.deepEqual(canvasVersionSchema.parse(second.json()), { ...list[1]!, markdown: 'v2 text, longer' });
      assertRefusal(await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}/versions/5` }), CANVAS_ERRORS.versionNotFound);
      const current = canvasDocumentSchema.parse((await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}` })).json());
      assert.deepEqual([current.version, current.markdown], [4, 'v1 text']);
    });

    it('deletes a canvas with its versions (204), then answers 404', async () => {
      const canvas = await create(await conversation());
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/canvases/${canvas.id}` })).statusCode, 204);
      assertRefusal(await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}` }), CANVAS_ERRORS.canvasNotFound);
      assertRefusal(await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}/versions` }), CANVAS_ERRORS.canvasNotFound);
      assertRefusal(await t.as('employee', { method: 'DELETE', url: `/api/canvases/${canvas.id}` }), CANVAS_ERRORS.canvasNotFound);
      const rows = await t.db.selectFrom('canvas_versions').select('version').where('canvas_id', '=', canvas.id).execute();
      assert.deepEqual(rows, []);
    });

    it('deletes a conversation\'s canvases with the conversation', async () => {
      const conversationId = await conversation();
      const canvas = await create(conversationId);
      await save(canvas.id, 'two', 1);
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/conversations/${conversationId}` })).statusCode, 204);
      assertRefusal(await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}` }), CANVAS_ERRORS.canvasNotFound);
      const canvases = await t.db.selectFrom('canvases').select('id').where('conversation_id', '=', conversationId).execute();
      const versionRows = await t.db.selectFrom('canvas_versions').select('version').where('canvas_id', '=', canvas.id).execute();
      assert.deepEqual([canvases, versionRows], [[], []]);
    });

    it('answers 404 not_found for another user\'s canvas and conversation on every route, and changes nothing', async () => {
      const conversationId = await conversation();
      const canvas = await create(conversationId, 'Mine.');
      const missing = '00000000-0000-4000-8000-000000000000';
      const asOther = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.as('other', { method, url, ...(payload ? { payload } : {}) });
      const refusals = [
        [await asOther('GET', `/api/conversations/${conversationId}/canvases`), { statusCode: 404, code: 'not_found', message: 'No such conversation' }],
        [await asOther('POST', `/api/conversations/${conversationId}/canvases`, { title: 'Theirs', markdown: 'x' }), { statusCode: 404, code: 'not_found', message: 'No such conversation' }],
        [await asOther('GET', `/api/canvases/${canvas.id}`), CANVAS_ERRORS.canvasNotFound],
        [await asOther('PUT', `/api/canvases/${canvas.id}/document`, { markdown: 'Theirs.', base_version: 1 }), CANVAS_ERRORS.canvasNotFound],
        [await asOther('GET', `/api/canvases/${canvas.id}/versions`), CANVAS_ERRORS.canvasNotFound],
        [await asOther('GET', `/api/canvases/${canvas.id}/versions/1`), CANVAS_ERRORS.canvasNotFound],
        [await asOther('POST', `/api/canvases/${canvas.id}/versions/1/restore`, { base_version: 1 }), CANVAS_ERRORS.canvasNotFound],
        [await asOther('DELETE', `/api/canvases/${canvas.id}`), CANVAS_ERRORS.canvasNotFound],
        // The same answers as for ids nobody has.
        [await asOther('GET', `/api/conversations/${missing}/canvases`), { statusCode: 404, code: 'not_found', message: 'No such conversation' }],
        [await asOther('GET', `/api/canvases/${missing}/versions/1`), CANVAS_ERRORS.canvasNotFound],
      ] as const;
      for (const [response, refusal] of refusals) assertRefusal(response, refusal);
      const mine = canvasDocumentSchema.parse((await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}` })).json());
      assert.deepEqual([mine.version, mine.markdown], [1, 'Mine.']);
      assert.equal((await versions(canvas.id)).length, 1);
    });

    it('needs sign-in', async () => {
      const conversationId = await conversation();
      const canvas = await create(conversationId);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/canvases/${canvas.id}` })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/canvases` })).statusCode, 401);
    });

    it('refuses a document longer than CANVAS_MAX_CHARACTERS with 413 and the limit in characters', async () => {
      const conversationId = await conversation();
      const longest = await create(conversationId, 'ä'.repeat(CANVAS_MAX_CHARACTERS), 'Longest');
      assert.equal(longest.markdown.length, CANVAS_MAX_CHARACTERS, 'the limit itself is allowed');
      const tooLong = 'ä'.repeat(CANVAS_MAX_CHARACTERS + 1);
      for (const response of [
        await t.as('employee', { method: 'POST', url: `/api/conversations/${conversationId}/canvases`, payload: { title: 'Too long', markdown: tooLong } }),
        await save(longest.id, tooLong, 1),
      ]) {
        assert.equal(response.statusCode, 413, response.body);
        const body = apiErrorSchema.parse(response.json());
        assert.equal(body.code, 'payload_too_large');
        assert.deepEqual(body.limit, { value: CANVAS_MAX_CHARACTERS, unit: 'characters' });
      }
      assert.equal((await versions(longest.id)).length, 1);

      // A body past the routes' byte limit is refused before it is read, with that limit in bytes.
      const huge = await save(longest.id, 'x'.repeat(CANVAS_BODY_LIMIT), 1);
      assert.equal(huge.statusCode, 413, huge.body);
      assert.deepEqual(apiErrorSchema.parse(huge.json()).limit, { value: CANVAS_BODY_LIMIT, unit: 'bytes' });
    });

    it('validates bodies and ids with the contract schemas (400)', async () => {
      const conversationId = await conversation();
      const canvas = await create(conversationId);
      const bad = [
        await t.as('employee', { method: 'POST', url: `/api/conversations/${conversationId}/canvases`, payload: { title: '  ', markdown: 'x' } }),
        await t.as('employee', { method: 'POST', url: `/api/conversations/${conversationId}/canvases`, payload: { title: 'T', markdown: 'x', colour: 'red' } }),
        await t.as('employee', { method: 'POST', url: `/api/conversations/${conversationId}/canvases`, payload: { title: 'x'.repeat(201), markdown: 'x' } }),
        await t.as('employee', { method: 'POST', url: '/api/conversations/not-a-uuid/canvases', payload: { title: 'T', markdown: 'x' } }),
        await t.as('employee', { method: 'GET', url: '/api/canvases/not-a-uuid' }),
        await save(canvas.id, 'x', 0),
        await t.as('employee', { method: 'PUT', url: `/api/canvases/${canvas.id}/document`, payload: { markdown: 'x' } }),
        await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}/versions/0` }),
        await t.as('employee', { method: 'GET', url: `/api/canvases/${canvas.id}/versions/first` }),
        await t.as('employee', { method: 'POST', url: `/api/canvases/${canvas.id}/versions/1/restore`, payload: {} }),
      ];
      for (const response of bad) {
        assert.equal(response.statusCode, 400, response.body);
        assert.equal(apiErrorSchema.parse(response.json()).code, 'validation_failed');
      }
      assert.equal((await versions(canvas.id)).length, 1);
    });

    it(`holds at most ${CANVAS_MAX_PER_CONVERSATION} canvases per conversation`, async () => {
      const conversationId = await conversation();
      for (let i = 0; i < CANVAS_MAX_PER_CONVERSATION; i++) await create(conversationId, `${i}`, `Canvas ${i}`);
      assertRefusal(
        await t.as('employee', { method: 'POST', url: `/api/conversations/${conversationId}/canvases`, payload: { title: 'One more', markdown: '' } }),
        CANVAS_ERRORS.tooManyCanvases,
      );
      // Another conversation has room of its own.
      await create(await conversation());
    });
  });
}
