import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  MEMORY_MAX_PER_USER,
  MEMORY_TEXT_MAX_LENGTH,
  apiErrorSchema,
  deletedConversationsResponseSchema,
  memoryListResponseSchema,
  memorySchema,
  type Memory,
} from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { loadSettingsSeed } from '../settings/load-seed';
import { DEMO_SEED_FILE } from '../testing/test-app';
import { testDatabaseTargets } from '../testing/test-databases';
import { startChatTestApp, type ChatTestApp } from './support/chat-test-app';

type User = 'employee' | 'other';

for (const target of testDatabaseTargets()) {
  describe(`memory API on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let t: ChatTestApp;
    let settings: SettingsRepository;

    before(async () => {
      handle = await target.open();
      settings = new SettingsRepository(handle.db);
      await settings.seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
      t = await startChatTestApp(handle);
    });
    after(async () => {
      await t.close();
      await handle.close();
    });
    beforeEach(async () => {
      await settings.update({ feature_flags: { enableMemory: true } }, 'admin');
      for (const user of ['employee', 'other'] as const) await t.as(user, { method: 'DELETE', url: '/api/memories' });
    });

    async function add(user: User, text: string): Promise<Memory> {
      const response = await t.as(user, { method: 'POST', url: '/api/memories', payload: { text } });
      assert.equal(response.statusCode, 201, response.body);
      return memorySchema.parse(response.json());
    }
    async function list(user: User) {
      const response = await t.as(user, { method: 'GET', url: '/api/memories' });
      assert.equal(response.statusCode, 200, response.body);
      return memoryListResponseSchema.parse(response.json());
    }
    const code = (body: string) => apiErrorSchema.parse(JSON.parse(body)).code;

    it("adds, lists newest first, edits and deletes the user's own memories; another user's is a 404", async () => {
      const first = await add('employee', '  I work   in procurement ');
      assert.equal(first.text, 'I work in procurement');
      assert.equal(first.source, 'settings');
      const second = await add('employee', 'My cost centre is 4711');
      assert.deepEqual((await list('employee')).memories.map((memory) => memory.text), ['My cost centre is 4711', 'I work in procurement']);
      assert.deepEqual((await list('other')).memories, [], 'never shared');

      const url = `/api/memories/${first.id}`;
      for (const request of [
        { method: 'PATCH' as const, url, payload: { text: 'Stolen' } },
        { method: 'DELETE' as const, url },
      ]) {
        const response = await t.as('other', request);
        assert.equal(response.statusCode, 404, `${request.method}: ${response.body}`);
        assert.equal(code(response.body), 'not_found');
      }
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/memories/${randomUUID()}` })).statusCode, 404);

      const edited = await t.as('employee', { method: 'PATCH', url, payload: { text: 'I work in procurement in Hamburg' } });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(memorySchema.parse(edited.json()).text, 'I work in procurement in Hamburg');
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/memories/${second.id}` })).statusCode, 204);
      assert.deepEqual((await list('employee')).memories.map((memory) => memory.text), ['I work in procurement in Hamburg']);
    });

    it('stores the same fact once, and keeps the limits of the contract', async () => {
      await add('employee', 'I work in procurement');
      const again = await t.as('employee', { method: 'POST', url: '/api/memories', payload: { text: 'i work in procurement.' } });
      assert.equal(again.statusCode, 409, again.body);
      const other = await add('employee', 'I like tea');
      const clash = await t.as('employee', { method: 'PATCH', url: `/api/memories/${other.id}`, payload: { text: 'I WORK IN PROCUREMENT' } });
      assert.equal(clash.statusCode, 409, clash.body);
      // Another user may remember the same words.
      await add('other', 'I work in procurement');

      for (const payload of [{ text: '   ' }, { text: 'x'.repeat(MEMORY_TEXT_MAX_LENGTH + 1) }, { text: 'ok', extra: true }, {}]) {
        assert.equal((await t.as('employee', { method: 'POST', url: '/api/memories', payload })).statusCode, 400, JSON.stringify(payload));
      }
      await add('employee', 'y'.repeat(MEMORY_TEXT_MAX_LENGTH));
      for (let i = (await list('employee')).memories.length; i < MEMORY_MAX_PER_USER; i += 1) await add('employee', `Fact number ${i}`);
      const full = await t.as('employee', { method: 'POST', url: '/api/memories', payload: { text: 'One too many' } });
      assert.equal(full.statusCode, 409, full.body);
      assert.match(full.body, new RegExp(`at most ${MEMORY_MAX_PER_USER}`));
    });

    it("switches use off for the user alone, and deletes all of the user's memories at once", async () => {
      await add('employee', 'I work in procurement');
      await add('other', 'I work in sales');
      const off = await t.as('employee', { method: 'PUT', url: '/api/memories/settings', payload: { use_memory: false } });
      assert.deepEqual(off.json(), { use_memory: false });
      assert.equal((await list('employee')).use_memory, false);
      assert.equal((await list('other')).use_memory, true);
      await t.as('employee', { method: 'PUT', url: '/api/memories/settings', payload: { use_memory: true } });

      const all = await t.as('employee', { method: 'DELETE', url: '/api/memories' });
      assert.deepEqual(all.json(), { deleted: 1 });
      assert.deepEqual((await list('employee')).memories, []);
      assert.equal((await list('other')).memories.length, 1);
    });

    it('refuses reading, adding, editing and the switch with the flag off, but still deletes', async () => {
      const kept = await add('employee', 'I work in procurement');
      await settings.update({ feature_flags: { enableMemory: false } }, 'admin');
      for (const request of [
        { method: 'GET' as const, url: '/api/memories' },
        { method: 'POST' as const, url: '/api/memories', payload: { text: 'More' } },
        { method: 'PATCH' as const, url: `/api/memories/${kept.id}`, payload: { text: 'Changed' } },
        { method: 'PUT' as const, url: '/api/memories/settings', payload: { use_memory: true } },
      ]) {
        const response = await t.as('employee', request);
        assert.equal(response.statusCode, 403, `${request.method} ${request.url}: ${response.body}`);
      }
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/memories/${kept.id}` })).statusCode, 204);
    });

    it('exports the memories with the user’s data, and "delete all my data" deletes them', async () => {
      await add('employee', 'I work in procurement');
      await add('other', 'I work in sales');
      const json = await t.as('employee', { method: 'GET', url: '/api/me/export?format=json' });
      assert.equal(json.statusCode, 200);
      const exported = JSON.parse(json.body) as { memories: Array<{ text: string; source: string }> };
      assert.deepEqual(exported.memories.map((memory) => [memory.text, memory.source]), [['I work in procurement', 'settings']]);
      const markdown = await t.as('employee', { method: 'GET', url: '/api/me/export?format=markdown' });
      assert.match(markdown.body, /## Memories\n\n- I work in procurement \(added in the settings, /);
      assert.doesNotMatch(markdown.body, /I work in sales/);

      const deleted = await t.as('employee', { method: 'DELETE', url: '/api/me/conversations' });
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.deepEqual(deletedConversationsResponseSchema.parse(deleted.json()), { deleted: 0 });
      assert.deepEqual((await list('employee')).memories, []);
      assert.equal((await list('other')).memories.length, 1, "another user's stay");
    });
  });
}
