import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema, conversationSchema, conversationSearchResponseSchema } from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { ConversationsRepository } from '../db/repositories/conversations-repository';
import { testDatabaseTargets } from '../testing/test-databases';
import { startChatTestApp, type ChatTestApp } from './support/chat-test-app';

for (const target of testDatabaseTargets()) {
  describe(`conversation search on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let t: ChatTestApp;
    let repository: ConversationsRepository;
    before(async () => {
      handle = await target.open();
      t = await startChatTestApp(handle);
      repository = new ConversationsRepository(handle.db);
    });
    after(async () => {
      await t.close();
      await handle.close();
    });

    async function create(name: string, user: 'employee' | 'other' = 'employee') {
      const response = await t.as(user, { method: 'POST', url: `/api/conversations?name=${encodeURIComponent(name)}` });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json());
    }
    async function exchange(owner: string, conversationId: string, question: string, answer: string, system = '') {
      const questionId = randomUUID();
      await repository.addMessages(owner, conversationId, [
        ...(system ? [{ message_id: randomUUID(), parent_message_id: null, role: 'system' as const, content: system, status: 'complete' as const }] : []),
        { message_id: questionId, parent_message_id: null, role: 'user', content: question, status: 'complete' },
        { message_id: randomUUID(), parent_message_id: questionId, role: 'assistant', content: answer, status: 'complete', model: 'scripted-model' },
      ]);
    }
    async function search(q: string, user: 'employee' | 'other' = 'employee') {
      const response = await t.as(user, { method: 'GET', url: `/api/conversations/search?q=${encodeURIComponent(q)}` });
      assert.equal(response.statusCode, 200, response.body);
      return conversationSearchResponseSchema.parse(response.json()).conversations;
    }

    it('finds the owner’s conversations by their messages’ text and by name, every word, ignoring case, latest first', async () => {
      const lisbon = await create('New chat');
      await exchange('employee', lisbon.id, 'Where should I go in spring?', 'Take the yellow TRAM 28 through Alfama in Lisbon.');
      const recipes = await create('Tram recipes');
      await exchange('employee', recipes.id, 'How long do I boil eggs?', 'About seven minutes.');
      const hidden = await create('Hidden');
      await exchange('employee', hidden.id, 'Anything?', 'Nothing to see.', 'system text about trams');
      const theirs = await create('Their chat', 'other');
      await exchange('other-employee', theirs.id, 'Tram in Lisbon?', 'Yes, the tram.');

      const tram = await search('tram');
      assert.deepEqual(tram.map((c) => c.id), [recipes.id, lisbon.id], 'name and message matches, newest first; not a system message, not another user’s');
      assert.equal(tram[1]!.snippet, 'Take the yellow TRAM 28 through Alfama in Lisbon.');
      assert.equal(tram[0]!.snippet, undefined, 'a name match without a message match has no snippet');

      assert.deepEqual((await search('  alfama   SPRING ')).map((c) => c.id), [lisbon.id], 'words from different messages, any order');
      assert.deepEqual((await search('alfama eggs')).map((c) => c.id), [], 'every word must occur');
      assert.deepEqual((await search('tram eggs')).map((c) => c.id), [recipes.id], 'one word in the name, one in a message');
      assert.deepEqual((await search('tram', 'other')).map((c) => c.id), [theirs.id], 'the other user sees only their own');
    });

    it('takes % and _ literally', async () => {
      const percent = await create('Numbers');
      await exchange('employee', percent.id, 'What is 50% of 8?', 'Four.');
      assert.deepEqual((await search('50%')).map((c) => c.id), [percent.id]);
      assert.deepEqual((await search('%')).map((c) => c.id), [percent.id]);
      assert.deepEqual((await search('_')).map((c) => c.id), []);
    });

    it('cuts a snippet out of a long message around the word', async () => {
      const long = await create('Long');
      await exchange('employee', long.id, 'Tell me a story', `${'once upon a time '.repeat(200)}a zebra appeared ${'and then more '.repeat(200)}`);
      const [found] = await search('zebra');
      assert.equal(found!.id, long.id);
      assert.match(found!.snippet!, /^….* a zebra appeared .*…$/);
    });

    it('validates the query with the contract (400 for a blank or overlong one)', async () => {
      for (const url of ['/api/conversations/search', '/api/conversations/search?q=%20%20', `/api/conversations/search?q=${'x'.repeat(201)}`]) {
        const response = await t.as('employee', { method: 'GET', url });
        assert.equal(response.statusCode, 400, response.body);
        apiErrorSchema.parse(response.json());
      }
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/conversations/search?q=tram' })).statusCode, 401);
    });

    it('keeps the owner on the repository call', async () => {
      const mine = await create('Owned');
      await exchange('employee', mine.id, 'kiwi question', 'kiwi answer');
      assert.deepEqual((await repository.search('employee', ['kiwi'])).map((c) => c.id), [mine.id]);
      assert.deepEqual(await repository.search('other-employee', ['kiwi']), []);
      assert.deepEqual(await repository.search('employee', []), []);
    });
  });
}
