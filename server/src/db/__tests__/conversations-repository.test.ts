import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { testDatabaseTargets } from '../../testing/test-databases';
import type { DatabaseHandle } from '../database';
import { ConversationsRepository, type NewMessage } from '../repositories/conversations-repository';

const OWNER = 'owner-sub';
const OTHER = 'other-sub';

const question = (content: string, parent: string | null = null): NewMessage => ({
  message_id: randomUUID(),
  parent_message_id: parent,
  role: 'user',
  content,
  status: 'complete',
});

for (const target of testDatabaseTargets()) {
  describe(`conversations repository on ${target.name}: every call is scoped to its owner`, () => {
    let handle: DatabaseHandle;
    let repository: ConversationsRepository;
    before(async () => {
      handle = await target.open();
      repository = new ConversationsRepository(handle.db);
    });
    after(() => handle.close());

    async function setUp() {
      const conversation = await repository.create(OWNER, 'Mine');
      const [stored] = await repository.addMessages(OWNER, conversation.id, [question('Hello?')]);
      const answerId = randomUUID();
      await repository.addMessages(OWNER, conversation.id, [
        { message_id: answerId, parent_message_id: stored!.message_id, role: 'assistant', content: '', status: 'streaming', model: 'm' },
      ]);
      return { conversation, questionId: stored!.message_id, answerId };
    }

    it('answers the owner and stores what they send', async () => {
      const { conversation, answerId } = await setUp();
      assert.equal(await repository.saveProgress(OWNER, answerId, { content: 'Hi', reasoning: '' }), true);
      assert.equal(await repository.finishMessage(OWNER, answerId, { content: 'Hi there', status: 'complete' }), true);
      const messages = await repository.messages(OWNER, conversation.id);
      assert.deepEqual(messages?.map((m) => [m.role, m.content, m.status]), [
        ['user', 'Hello?', 'complete'],
        ['assistant', 'Hi there', 'complete'],
      ]);
    });

    it('finishes an answer and titles its conversation in one statement, unless renamed meanwhile', async () => {
      const { conversation, answerId } = await setUp();
      const title = { conversationId: conversation.id, expectedName: 'Mine', title: 'Greetings' };
      assert.deepEqual(await repository.finishMessageAndTitle(OWNER, answerId, { content: 'Hi there', status: 'complete', reasoning: 'r' }, title), { finished: true, titled: true });
      assert.equal((await repository.find(OWNER, conversation.id))?.name, 'Greetings');
      const answer = (await repository.messages(OWNER, conversation.id))!.at(-1)!;
      assert.deepEqual([answer.content, answer.status, answer.reasoning], ['Hi there', 'complete', 'r']);

      const renamed = await setUp();
      await repository.rename(OWNER, renamed.conversation.id, 'By hand');
      assert.deepEqual(
        await repository.finishMessageAndTitle(OWNER, renamed.answerId, { content: 'Done', status: 'stopped' }, { conversationId: renamed.conversation.id, expectedName: 'Mine', title: 'Generated' }),
        { finished: true, titled: false },
      );
      assert.equal((await repository.find(OWNER, renamed.conversation.id))?.name, 'By hand');
      assert.equal((await repository.messages(OWNER, renamed.conversation.id))!.at(-1)!.status, 'stopped');
    });

    it('reads the alongside values once, with the branch, in the same statement', async () => {
      const { conversation, answerId } = await setUp();
      const prepared = await repository.prepareExchange(OWNER, conversation.id, {
        parent: answerId,
        messageId: undefined,
        alongside: { name: sql`select name from conversations where id = ${conversation.id}`, none: sql`select 1 where false` },
      });
      assert.deepEqual(prepared?.branch.map((m) => m.role), ['user', 'assistant']);
      assert.deepEqual(prepared?.alongside, { name: 'Mine', none: null });
      // A conversation without messages has no branch rows: the values still come.
      const empty = await repository.create(OWNER, 'Empty');
      const first = await repository.prepareExchange(OWNER, empty.id, { parent: undefined, messageId: undefined, alongside: { two: sql`select 2` } });
      assert.deepEqual([first?.branch, Number(first?.alongside.two)], [[], 2]);
      assert.deepEqual((await repository.prepareExchange(OWNER, empty.id, { parent: undefined, messageId: undefined }))?.alongside, {});
    });

    it("does nothing with another owner's ids: no reads, no writes, no deletes", async () => {
      const { conversation, questionId, answerId } = await setUp();
      const before = await repository.messages(OWNER, conversation.id);

      assert.equal(await repository.find(OTHER, conversation.id), undefined);
      assert.equal(await repository.messages(OTHER, conversation.id), undefined);
      assert.equal(await repository.findMessage(OTHER, conversation.id, questionId), undefined);
      assert.equal(await repository.latestMessage(OTHER, conversation.id), undefined);
      assert.deepEqual(await repository.branch(OTHER, conversation.id, answerId), []);
      assert.equal(await repository.prepareExchange(OTHER, conversation.id, { parent: undefined, messageId: undefined }), undefined);
      assert.equal(await repository.rename(OTHER, conversation.id, 'Theirs'), undefined);
      assert.equal(await repository.setTitle(OTHER, conversation.id, 'Mine', 'Theirs'), false);
      assert.deepEqual(await repository.addMessages(OTHER, conversation.id, [question('Injected', answerId)]), []);
      assert.equal(await repository.saveProgress(OTHER, answerId, { content: 'overwritten', reasoning: '' }), false);
      assert.equal(await repository.finishMessage(OTHER, answerId, { content: 'overwritten', status: 'error' }), false);
      assert.deepEqual(
        await repository.finishMessageAndTitle(OTHER, answerId, { content: 'overwritten', status: 'error' }, { conversationId: conversation.id, expectedName: 'Mine', title: 'Theirs' }),
        { finished: false, titled: false },
      );
      await repository.removeMessages(OTHER, [questionId, answerId]);
      assert.equal(await repository.delete(OTHER, conversation.id), undefined);
      assert.deepEqual(await repository.list(OTHER), []);

      assert.deepEqual(await repository.messages(OWNER, conversation.id), before, "the owner's messages are untouched");
      assert.equal((await repository.find(OWNER, conversation.id))?.name, 'Mine');
    });

    it('removes only the owner’s messages', async () => {
      const { conversation, questionId, answerId } = await setUp();
      await repository.removeMessages(OWNER, [answerId]);
      assert.deepEqual((await repository.messages(OWNER, conversation.id))?.map((m) => m.message_id), [questionId]);
    });
  });
}
