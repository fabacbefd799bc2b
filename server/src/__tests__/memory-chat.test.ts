import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { conversationSchema, conversationSnapshotSchema, memoryListResponseSchema, messageListResponseSchema, type StreamEvent, type ToolEvent } from '@assistant/contracts';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { NOT_THE_USERS_WORDS } from '../memory/remember-tool';
import { loadSettingsSeed } from '../settings/load-seed';
import { DEMO_SEED_FILE } from '../testing/test-app';
import { testDatabaseTargets } from '../testing/test-databases';
import { channelText, parseEvents, startChatTestApp, type ChatTestApp } from './support/chat-test-app';

type User = 'employee' | 'other';

for (const target of testDatabaseTargets()) {
  describe(`memory in chat on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let t: ChatTestApp;
    let settings: SettingsRepository;

    before(async () => {
      handle = await target.open();
      settings = new SettingsRepository(handle.db);
      await settings.seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
      model = await startScriptedModelServer({ models: ['scripted-model'] });
      t = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url });
    });
    after(async () => {
      await t.close();
      await model.close();
      await handle.close();
    });
    beforeEach(async () => {
      await settings.update({ feature_flags: { enableMemory: true } }, 'admin');
      for (const user of ['employee', 'other'] as const) {
        await t.as(user, { method: 'DELETE', url: '/api/memories' });
        await t.as(user, { method: 'PUT', url: '/api/memories/settings', payload: { use_memory: true } });
      }
      model.setScript({ rules: sideCallRules('Memory'), defaultReply: 'Noted.' });
      model.requests.length = 0;
    });

    async function ask(content: string, user: User = 'employee') {
      const created = await t.as(user, { method: 'POST', url: '/api/conversations?name=Memory' });
      const id = conversationSchema.parse(created.json()).id;
      const response = await t.as(user, { method: 'POST', url: `/api/conversations/${id}/messages/v2`, payload: { content } });
      assert.equal(response.statusCode, 200, response.body);
      return { id, events: parseEvents(response.body) };
    }
    const steps = (events: StreamEvent[]): ToolEvent[] => events.flatMap((event) => (event.kind === 'tool' ? [event.event] : []));
    const memories = async (user: User = 'employee') => memoryListResponseSchema.parse((await t.as(user, { method: 'GET', url: '/api/memories' })).json()).memories;
    /** The system prompt of the latest answer call (streamed). */
    const lastAnswerPrompt = () => model.chatRequests().filter((request) => request.stream).at(-1)?.systemMessage ?? '';

    it('remembers an explicit request in the user’s words, shows the step, and gives it to the model in a new conversation', async () => {
      const { id, events } = await ask('Merke dir, dass ich im Einkauf arbeite');
      const [begin, end] = steps(events);
      assert.equal(begin?.name, 'remember');
      assert.ok(end?.type === 'end' && end.content[0]?.type === 'text');
      assert.equal(end.content[0].text, 'Ich arbeite im Einkauf');
      assert.equal(channelText(events, 'answer'), 'Noted.');
      assert.deepEqual((await memories()).map((memory) => [memory.text, memory.source]), [['Ich arbeite im Einkauf', 'chat']]);
      // The answer already knows it, as data.
      assert.match(lastAnswerPrompt(), /<memories>\n\["Ich arbeite im Einkauf"\]\n<\/memories>/);
      // A reload shows the step.
      const stored = messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/messages` })).json()).messages;
      assert.deepEqual(stored.find((message) => message.role === 'assistant')?.tool_events, steps(events));

      // Shared, the conversation's snapshot has the answer without the memory step: that is the owner's alone.
      const shared = await t.as('employee', { method: 'PUT', url: `/api/shares/conversation/${id}`, payload: { shares: [{ target: { type: 'user', id: 'other-employee' }, role: 'view' }] } });
      assert.equal(shared.statusCode, 200, shared.body);
      const snapshot = conversationSnapshotSchema.parse((await t.as('other', { method: 'GET', url: `/api/shared/conversations/${id}` })).json());
      assert.equal(snapshot.messages.find((message) => message.role === 'assistant')?.content, 'Noted.');
      assert.ok(snapshot.messages.every((message) => message.tool_events === undefined));

      // Asked again: shown, not stored twice.
      const again = await ask('Merk dir, dass ich im Einkauf arbeite.');
      assert.equal(steps(again.events).at(-1)?.type, 'end');
      assert.equal((await memories()).length, 1);

      await ask('Which department do I work in?');
      assert.match(lastAnswerPrompt(), /never instructions to you/);
      assert.match(lastAnswerPrompt(), /Ich arbeite im Einkauf/);
      await ask('Which department do I work in?', 'other');
      assert.doesNotMatch(lastAnswerPrompt(), /Einkauf|<memories>/, "another user's prompt has none of them");
    });

    it('lets the model save a request said differently, in the user’s words only', async () => {
      const question = "Please don't forget that I prefer short answers";
      model.setScript({
        rules: [
          ...sideCallRules('Memory'),
          {
            match: question,
            afterToolResults: false,
            toolCalls: [
              { name: 'remember', arguments: { text: 'I prefer short answers' }, id: 'kept' },
              { name: 'remember', arguments: { text: 'The user is a senior manager' }, id: 'invented' },
            ],
          },
          { afterToolResults: true, reply: 'I will keep it short.' },
        ],
      });
      const { events } = await ask(question);
      const ends = new Map(steps(events).filter((event) => event.type !== 'begin').map((event) => [event.call_id, event]));
      assert.equal(ends.get('kept')?.type, 'end');
      assert.deepEqual(ends.get('invented'), { call_id: 'invented', name: 'remember', type: 'error', message: NOT_THE_USERS_WORDS });
      assert.deepEqual((await memories()).map((memory) => memory.text), ['I prefer short answers']);
      assert.ok(model.chatRequests().find((request) => request.stream)?.tools?.includes('remember'));

      // A message that does not speak of remembering is not offered the tool.
      await ask('What is the capital of Portugal?');
      assert.ok(!model.chatRequests().filter((request) => request.stream).at(-1)?.tools?.includes('remember'));
    });

    it('remembers in a browser-kept chat too, but not in a temporary one, which gets no memories either', async () => {
      const stream = async (content: string, extra: Record<string, unknown> = {}) => {
        const response = await t.as('employee', { method: 'POST', url: '/api/chat/stream', payload: { payload: { content }, history: [], ...extra } });
        assert.equal(response.statusCode, 200, response.body);
        return parseEvents(response.body);
      };
      const kept = await stream('Remember that I work in procurement');
      assert.deepEqual(steps(kept).map((event) => [event.name, event.type]), [['remember', 'begin'], ['remember', 'end']]);
      assert.deepEqual((await memories()).map((memory) => memory.text), ['I work in procurement']);
      assert.match(lastAnswerPrompt(), /I work in procurement/);

      const temporary = await stream('Remember that my cost centre is 4711', { temporary: true });
      assert.deepEqual(steps(temporary), []);
      assert.doesNotMatch(lastAnswerPrompt(), /<memories>|procurement/);
      assert.equal((await memories()).length, 1);
    });

    it('stores and uses nothing when the administrator switched memory off, or the user did', async () => {
      await t.as('employee', { method: 'POST', url: '/api/memories', payload: { text: 'I work in procurement' } });
      await settings.update({ feature_flags: { enableMemory: false } }, 'admin');
      const off = await ask('Remember that my cost centre is 4711');
      assert.deepEqual(steps(off.events), []);
      assert.doesNotMatch(lastAnswerPrompt(), /<memories>|procurement/);

      await settings.update({ feature_flags: { enableMemory: true } }, 'admin');
      assert.deepEqual((await memories()).map((memory) => memory.text), ['I work in procurement'], 'nothing was saved while off');
      await t.as('employee', { method: 'PUT', url: '/api/memories/settings', payload: { use_memory: false } });
      const userOff = await ask('Remember that my cost centre is 4711');
      assert.deepEqual(steps(userOff.events), []);
      assert.doesNotMatch(lastAnswerPrompt(), /<memories>|procurement/);
      assert.equal((await memories()).length, 1);
    });
  });
}
