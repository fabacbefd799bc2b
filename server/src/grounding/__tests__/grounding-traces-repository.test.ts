import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../../db/database';
import { ConversationsRepository } from '../../db/repositories/conversations-repository';
import { GroundingTracesRepository, type StoredSources } from '../../db/repositories/grounding-traces-repository';
import { testDatabaseTargets } from '../../testing/test-databases';
import type { SourceWindow } from '../source-windows';

const window: SourceWindow = {
  index: 0,
  fileId: randomUUID(),
  collectionId: randomUUID(),
  fileName: 'Arbeitsvertrag.pdf',
  mediaType: 'application/pdf',
  totalPages: 2,
  segments: [
    { page: 1, start: 10, end: 30 },
    { page: 2, start: 0, end: 12 },
  ],
  text: `${'a'.repeat(20)}\n${'b'.repeat(12)}`,
  score: 1.25,
};

const sources = (traceId: string): StoredSources => ({
  qa: { trace_id: traceId, qa_sources: [{ source_name: 'Arbeitsvertrag.pdf', source_text: window.text, highlights: [{ start: 0, end: 33, score: 0.7 }], supporting: true }] },
  in_context: { trace_id: traceId, highlighted_sources: [{ supporting: [], conflicting: [] }] },
});

for (const target of testDatabaseTargets()) {
  describe(`GroundingTracesRepository on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let traces: GroundingTracesRepository;

    before(async () => {
      handle = await target.open();
      traces = new GroundingTracesRepository(handle.db);
    });
    after(() => handle.close());

    it('stores a trace, its answer and its sources, for its owner only', async () => {
      const id = await traces.create({ owner: 'employee', kind: 'qa', question: 'Wie lang?', windows: [window], model: 'scripted-model' });
      const created = await traces.find(id, 'employee');
      assert.equal(created?.answer, null);
      assert.equal(created?.sources, null);
      assert.deepEqual(created?.windows, [window]);
      assert.equal(await traces.find(id, 'other-employee'), null);
      assert.equal(await traces.find(randomUUID(), 'employee'), null);

      await traces.complete(id, 'Drei Monate [1].');
      await traces.saveSources(id, sources(id));
      const done = await traces.find(id, 'employee');
      assert.equal(done?.answer, 'Drei Monate [1].');
      assert.deepEqual(done?.sources, sources(id));
    });

    it('refuses sources that do not fit the contracts', async () => {
      const id = await traces.create({ owner: 'employee', kind: 'qa', question: 'Wie lang?', windows: [window], model: 'scripted-model' });
      const broken = sources(id);
      broken.qa.qa_sources[0]!.highlights[0]!.end = 999;
      await assert.rejects(traces.saveSources(id, broken));
      assert.equal((await traces.find(id, 'employee'))?.sources, null);
    });

    it('finds a chat message trace by conversation and message, and deletes it with the conversation', async () => {
      const conversations = new ConversationsRepository(handle.db);
      const conversation = await conversations.create('employee', 'Verträge');
      const messageId = randomUUID();
      const id = await traces.create({
        owner: 'employee',
        kind: 'chat',
        question: 'Wie lang?',
        windows: [window],
        model: 'scripted-model',
        conversationId: conversation.id,
        messageId,
      });
      assert.equal((await traces.findByMessage(conversation.id, messageId, 'employee'))?.id, id);
      assert.equal(await traces.findByMessage(conversation.id, messageId, 'other-employee'), null);
      assert.equal(await traces.findByMessage(conversation.id, randomUUID(), 'employee'), null);

      assert.ok(await conversations.delete('employee', conversation.id));
      assert.equal(await traces.find(id, 'employee'), null);
    });
  });
}
