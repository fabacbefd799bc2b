import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  STREAM_CONTENT_TYPE,
  apiErrorSchema,
  conversationListResponseSchema,
  conversationSchema,
  messageListResponseSchema,
  qaResourcesResponseSchema,
  type Message,
} from '@assistant/contracts';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { SIDE_CALL_GRACE_MS } from '../chat/answer-exchange';
import type { DatabaseHandle } from '../db/database';
import { ABANDONED_STREAM_MINUTES } from '../db/repositories/conversations-repository';
import { testDatabaseTargets } from '../testing/test-databases';
import { channelText, chunksSentWhenStalled, parseEvents, postAndPause, shape, startChatTestApp, type ChatTestApp } from './support/chat-test-app';

const INTENT_RULE: ScriptRule = {
  system: 'Classify the user',
  reply: (text) =>
    JSON.stringify({
      greeting: /hello|hallo/i.test(text),
      chitchat: false,
      question: /\?/.test(text),
      clarification: false,
      unclear: false,
      summary: /summar/i.test(text),
    }),
};
const TITLE_RULE: ScriptRule = { system: 'Write a short title', reply: '"Trip to Lisbon."' };
const SIDE_RULES = [INTENT_RULE, TITLE_RULE];

for (const target of testDatabaseTargets()) {
  describe(`conversations API on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let t: ChatTestApp;
    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ models: ['scripted-model', 'thinking-model'] });
      // The backpressure test streams a 24 MB answer: above the default answer cap (answer-limits.test.ts).
      t = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url, MAX_ANSWER_CHARACTERS: '30000000' });
    });
    after(async () => {
      await t.close();
      await model.close();
      await handle.close();
    });
    beforeEach(() => {
      model.setScript({ rules: SIDE_RULES, defaultReply: 'Lisbon is lovely in spring.', modelsStatus: undefined });
      model.requests.length = 0;
    });

    async function create(name = 'New chat', user: 'employee' | 'other' = 'employee') {
      const response = await t.as(user, { method: 'POST', url: `/api/conversations?name=${encodeURIComponent(name)}` });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json());
    }
    async function messages(id: string, user: 'employee' | 'other' = 'employee'): Promise<Message[]> {
      const response = await t.as(user, { method: 'GET', url: `/api/conversations/${id}/messages` });
      assert.equal(response.statusCode, 200, response.body);
      return messageListResponseSchema.parse(response.json()).messages;
    }
    async function send(id: string, payload: Record<string, unknown>, user: 'employee' | 'other' = 'employee') {
      return t.as(user, { method: 'POST', url: `/api/conversations/${id}/messages/v2`, payload });
    }
    async function ask(id: string, payload: Record<string, unknown>) {
      const response = await send(id, payload);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], `${STREAM_CONTENT_TYPE}; charset=utf-8`);
      const events = parseEvents(response.body);
      const ids = events.find((event) => event.kind === 'message');
      assert.ok(ids && ids.kind === 'message', 'the stream names the stored messages');
      return { events, userId: ids.user_message_id, assistantId: ids.assistant_message_id };
    }
    const answerCalls = () => model.chatRequests().filter((request) => request.stream);

    it('creates, lists (latest first), renames and deletes conversations', async () => {
      const first = await create('  Plans  ');
      assert.equal(first.name, 'Plans');
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct timestamps
      const second = await create('Recipes');
      const list = conversationListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json());
      const mine = list.conversations.map((c) => c.id);
      assert.ok(mine.indexOf(second.id) < mine.indexOf(first.id), 'most recently updated first');

      const renamed = await t.as('employee', { method: 'PATCH', url: `/api/conversations/${first.id}?name=Holidays` });
      assert.equal(renamed.statusCode, 200, renamed.body);
      const body = conversationSchema.parse(renamed.json());
      assert.equal(body.name, 'Holidays');
      assert.ok(body.updated_at >= first.updated_at);
      assert.deepEqual(await messages(first.id), []);

      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/conversations/${first.id}` })).statusCode, 204);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/conversations/${first.id}/messages` })).statusCode, 404);
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/conversations/${first.id}` })).statusCode, 404);
    });

    it('validates names, ids and the message payload with the contract schemas (400)', async () => {
      const conversation = await create();
      const bad = [
        await t.as('employee', { method: 'POST', url: '/api/conversations' }),
        await t.as('employee', { method: 'POST', url: '/api/conversations?name=%20%20' }),
        await t.as('employee', { method: 'POST', url: `/api/conversations?name=${'x'.repeat(201)}` }),
        await t.as('employee', { method: 'PATCH', url: `/api/conversations/${conversation.id}?name=` }),
        await t.as('employee', { method: 'GET', url: '/api/conversations/not-a-uuid/messages' }),
        await send(conversation.id, { content: '   ' }),
        await send(conversation.id, { content: 'Hi', colour: 'red' }),
        await send(conversation.id, { content: 'Hi', parent_message_id: 'nope' }),
        await send(conversation.id, { content: 'Hi', deep_research_id: 'r1' }),
        await send(conversation.id, { content: 'x'.repeat(100_001) }),
        await send(conversation.id, { content: 'Hi', collections: ['a', 'a'] }),
      ];
      for (const response of bad) {
        assert.equal(response.statusCode, 400, response.body);
        apiErrorSchema.parse(response.json());
      }
      assert.equal(model.chatRequests().length, 0, 'nothing reached the model');
      assert.deepEqual(await messages(conversation.id), []);
    });

    // Attachments and collections are answered from documents now (grounded-chat.test.ts).
    it('refuses what it does not do yet (tools outside BETA) with 501, never a fake; an unknown agent is a 404; deep research with the flag off is a 403', async () => {
      const conversation = await create();
      for (const extra of [{ server_ids: ['s1'] }]) {
        const response = await send(conversation.id, { content: 'Hi', ...extra });
        assert.equal(response.statusCode, 501, JSON.stringify(extra));
      }
      // Agents are answered (agent-chat.test.ts); one that does not exist is a 404.
      const unknownAgent = await send(conversation.id, { content: 'Hi', personality: 'agent-1' });
      assert.equal(unknownAgent.statusCode, 404, unknownAgent.body);
      // Deep research is built (research-chat.test.ts); without the flag enableDeepResearch it is refused.
      const research = await send(conversation.id, { content: 'Hi', deep_research: true });
      assert.equal(research.statusCode, 403, research.body);
      assert.equal(research.json().code, 'forbidden');
      assert.equal(model.chatRequests().length, 0);
      assert.deepEqual(await messages(conversation.id), []);
    });

    it("answers 404 for another user's conversation and messages, on every call", async () => {
      const mine = await create('Private');
      const { userId } = await ask(mine.id, { content: 'Secret plans?' });
      const theirs = await create('Theirs', 'other');

      const list = conversationListResponseSchema.parse((await t.as('other', { method: 'GET', url: '/api/conversations' })).json());
      assert.ok(!list.conversations.some((c) => c.id === mine.id));
      assert.ok(list.conversations.some((c) => c.id === theirs.id));
      const calls = [
        await t.as('other', { method: 'GET', url: `/api/conversations/${mine.id}/messages` }),
        await t.as('other', { method: 'PATCH', url: `/api/conversations/${mine.id}?name=Mine` }),
        await t.as('other', { method: 'DELETE', url: `/api/conversations/${mine.id}` }),
        await send(mine.id, { content: 'Tell me' }, 'other'),
        // My message as the parent in their own conversation: not found either.
        await send(theirs.id, { content: 'Tell me', parent_message_id: userId }, 'other'),
      ];
      for (const response of calls) {
        assert.equal(response.statusCode, 404, response.body);
        assert.match(apiErrorSchema.parse(response.json()).message, /^No such (conversation|message)/);
      }
      const still = await messages(mine.id);
      assert.equal(still.length, 2);
      assert.equal((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json().conversations.find((c: { id: string }) => c.id === mine.id).name, 'Trip to Lisbon');
    });

    it('streams message ids, the intent, the answer text and done, and stores the exchange with a generated title', async () => {
      model.setScript({ rules: [...SIDE_RULES, { match: 'Hello! What is there to see in Lisbon?', reply: 'The Alfama, the Belém tower and the trams.', delayMs: 15 }] });
      const conversation = await create('New chat');
      const { events, userId, assistantId } = await ask(conversation.id, { content: 'Hello! What is there to see in Lisbon?' });

      const withoutIntent = shape(events).filter((kind) => kind !== 'intent');
      assert.deepEqual(withoutIntent, [
        'message',
        'stream_text:begin:answer',
        ...Array.from({ length: 8 }, () => 'stream_text:append'),
        'stream_text:end',
        'done',
      ]);
      const kinds = shape(events);
      assert.equal(kinds.filter((kind) => kind === 'intent').length, 1, 'one intent event');
      assert.ok(kinds.indexOf('intent') > kinds.indexOf('message') && kinds.indexOf('intent') < kinds.indexOf('done'));
      const intent = events.find((event) => event.kind === 'intent');
      assert.ok(intent?.kind === 'intent');
      assert.deepEqual(intent.event.intent_response, { greeting: true, chitchat: false, question: true, clarification: false, unclear: false, summary: false });
      assert.equal(intent.event.payload.trace_id, assistantId);
      assert.equal(channelText(events, 'answer'), 'The Alfama, the Belém tower and the trams.');

      // The intent came from one structured-output call; the answer from one streamed call.
      const intentCall = model.chatRequests().find((request) => request.systemMessage?.startsWith('Classify the user'));
      assert.equal((intentCall!.body.response_format as { type: string }).type, 'json_schema');
      assert.equal(answerCalls().length, 1);
      assert.equal(answerCalls()[0]!.body.model, 'scripted-model');
      assert.equal(answerCalls()[0]!.body.reasoning_effort, undefined);

      const stored = await messages(conversation.id);
      assert.deepEqual(
        stored.map((m) => [m.message_id, m.parent_message_id, m.role, m.status, m.content, m.model]),
        [
          [userId, null, 'user', 'complete', 'Hello! What is there to see in Lisbon?', undefined],
          [assistantId, userId, 'assistant', 'complete', 'The Alfama, the Belém tower and the trams.', 'scripted-model'],
        ],
      );
      const list = conversationListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json());
      assert.equal(list.conversations[0]!.id, conversation.id);
      assert.equal(list.conversations[0]!.name, 'Trip to Lisbon', 'the title is cleaned of quotes and the full stop');
    });

    it('asks for the intent and the title only after the answer, so they do not compete with it', async () => {
      // What the answer call had sent when each side call reached the model.
      const seen: Record<string, number | undefined> = {};
      const answerChunks = () => answerCalls().at(-1)?.chunksSent ?? 0;
      model.setScript({
        rules: [
          { ...INTENT_RULE, reply: (text, request) => ((seen.intent = answerChunks()), (INTENT_RULE.reply as Exclude<ScriptRule['reply'], string | undefined>)(text, request)) },
          { ...TITLE_RULE, reply: () => ((seen.title = answerChunks()), '"Trip to Lisbon."') },
          { match: 'Is it warm in May?', reply: 'Mostly, yes: about twenty degrees.', delayMs: 40 },
        ],
      });
      const conversation = await create('New chat');
      const { events } = await ask(conversation.id, { content: 'Is it warm in May?' });
      assert.equal(channelText(events, 'answer'), 'Mostly, yes: about twenty degrees.');
      assert.ok(shape(events).includes('intent'));
      // The answer is five words (chunks): all of them were sent before either side call arrived.
      assert.equal(seen.intent, 5, `the intent call came after the answer (answer chunks then: ${seen.intent})`);
      assert.equal(seen.title, 5, `the title call came after the answer (answer chunks then: ${seen.title})`);
      // The intent line comes after the answer's text, before done.
      const kinds = shape(events);
      assert.ok(kinds.indexOf('intent') > kinds.lastIndexOf('stream_text') && kinds.indexOf('intent') < kinds.indexOf('done'));
      assert.equal((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json().conversations[0].name, 'Trip to Lisbon');
    });

    it('stores the answer with its title in one write when the title comes in time, and a late title on its own', async () => {
      model.setScript({ rules: [INTENT_RULE, { ...TITLE_RULE, delayMs: SIDE_CALL_GRACE_MS + 300 }, { match: 'Late title?', reply: 'An answer.' }] });
      const conversation = await create('New chat');
      const started = Date.now();
      const { events, assistantId } = await ask(conversation.id, { content: 'Late title?' });
      assert.equal(events.at(-1)!.kind, 'done');
      assert.ok(Date.now() - started < SIDE_CALL_GRACE_MS + 2_000, 'the stream does not wait for the late title beyond the grace');
      // The answer was stored when the grace ended, without the title.
      const answer = (await messages(conversation.id)).find((m) => m.message_id === assistantId)!;
      assert.deepEqual([answer.status, answer.content], ['complete', 'An answer.']);
      const name = async () => (await t.as('employee', { method: 'GET', url: '/api/conversations' })).json().conversations.find((c: { id: string }) => c.id === conversation.id).name as string;
      assert.equal(await name(), 'New chat');
      // The title, when it comes, is stored after all.
      const deadline = Date.now() + 3_000;
      while ((await name()) !== 'Trip to Lisbon' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(await name(), 'Trip to Lisbon');
    });

    it('keeps a name the user gave meanwhile, and titles only a new conversation', async () => {
      const conversation = await create('New chat');
      await ask(conversation.id, { content: 'First?' });
      await t.as('employee', { method: 'PATCH', url: `/api/conversations/${conversation.id}?name=Mine` });
      model.requests.length = 0;
      await ask(conversation.id, { content: 'Second?' });
      assert.ok(!model.chatRequests().some((request) => request.systemMessage?.startsWith('Write a short title')));
      assert.equal((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json().conversations[0].name, 'Mine');
    });

    it('streams the reasoning apart from the answer when asked to think, and hides it otherwise', async () => {
      model.setScript({ rules: [...SIDE_RULES, { match: /^Why/, reasoning: 'The user asks why. Think.', reply: 'Because of physics.' }] });
      const conversation = await create();
      const thinking = await ask(conversation.id, { content: 'Why is the sky blue?', think: true });
      assert.deepEqual(shape(thinking.events).filter((kind) => kind !== 'intent'), [
        'message',
        'stream_text:begin:reasoning',
        ...Array.from({ length: 5 }, () => 'stream_text:append'),
        'stream_text:end',
        'stream_text:begin:answer',
        ...Array.from({ length: 3 }, () => 'stream_text:append'),
        'stream_text:end',
        'done',
      ]);
      assert.equal(channelText(thinking.events, 'reasoning'), 'The user asks why. Think.');
      assert.equal(channelText(thinking.events, 'answer'), 'Because of physics.');
      assert.equal(answerCalls()[0]!.body.reasoning_effort, 'medium');
      const stored = (await messages(conversation.id)).find((m) => m.message_id === thinking.assistantId)!;
      assert.equal(stored.content, 'Because of physics.');
      assert.equal(stored.reasoning, 'The user asks why. Think.');

      const quiet = await ask(conversation.id, { content: 'Why not?' });
      assert.equal(channelText(quiet.events, 'reasoning'), '');
      assert.ok(!shape(quiet.events).includes('stream_text:begin:reasoning'));
      assert.equal(channelText(quiet.events, 'answer'), 'Because of physics.');
      assert.equal((await messages(conversation.id)).find((m) => m.message_id === quiet.assistantId)!.reasoning, undefined);
    });

    it('splits <think> tags and Ollama reasoning deltas, and asks again without reasoning_effort when the model refuses it', async () => {
      const conversation = await create();
      model.setScript({ rules: [...SIDE_RULES, { match: 'tags', chunks: ['<thi', 'nk>Let me', ' see.</th', 'ink>\n\n', 'Forty', '-two.'] }] });
      const tagged = await ask(conversation.id, { content: 'tags', think: true });
      assert.equal(channelText(tagged.events, 'reasoning'), 'Let me see.');
      assert.equal(channelText(tagged.events, 'answer'), 'Forty-two.');

      model.setScript({ rules: [...SIDE_RULES, { match: 'ollama', reasoning: ['Hmm', ', yes'], reasoningField: 'reasoning', reply: 'Yes.' }] });
      const ollama = await ask(conversation.id, { content: 'ollama', think: true });
      assert.equal(channelText(ollama.events, 'reasoning'), 'Hmm, yes');
      assert.equal(channelText(ollama.events, 'answer'), 'Yes.');

      model.setScript({
        rules: [
          ...SIDE_RULES,
          { match: (_text, body) => body.reasoning_effort !== undefined, status: 400, errorMessage: 'reasoning_effort is not supported' },
          { match: 'plain', reply: 'Plain answer.' },
        ],
      });
      model.requests.length = 0;
      const plain = await ask(conversation.id, { content: 'plain', think: true });
      assert.equal(channelText(plain.events, 'answer'), 'Plain answer.');
      assert.deepEqual(answerCalls().map((call) => call.body.reasoning_effort), ['medium', undefined]);
    });

    it('builds a message tree: follow-ups, regenerate and edit make siblings, and the model sees only the branch', async () => {
      model.setScript({ rules: SIDE_RULES, defaultReply: (text) => `Answer to ${text}` });
      const conversation = await create();
      const a = await ask(conversation.id, { content: 'A' });
      const b = await ask(conversation.id, { content: 'B' }); // after the latest message
      // Regenerate the answer to B: the same question again under the same parent.
      const b2 = await ask(conversation.id, { content: 'B', parent_message_id: a.assistantId });
      // Edit the first question: a new first message (parent null).
      const a2 = await ask(conversation.id, { content: 'A edited', parent_message_id: null });
      const c = await ask(conversation.id, { content: 'C', parent_message_id: b2.assistantId });

      const stored = await messages(conversation.id);
      const parentOf = new Map(stored.map((m) => [m.message_id, m.parent_message_id]));
      assert.equal(parentOf.get(a.userId), null);
      assert.equal(parentOf.get(b.userId), a.assistantId);
      assert.equal(parentOf.get(b2.userId), a.assistantId, 'regenerated: a sibling of the first B');
      assert.equal(parentOf.get(a2.userId), null, 'edited first message: a sibling of A');
      assert.equal(parentOf.get(c.userId), b2.assistantId);
      assert.equal(stored.length, 10);
      assert.deepEqual(stored.map((m) => m.message_id), [a, b, b2, a2, c].flatMap((x) => [x.userId, x.assistantId]), 'oldest first');

      const history = (content: string) =>
        answerCalls()
          .find((call) => call.lastUserMessage === content)!
          .body.messages.filter((m: { role: string }) => m.role !== 'system')
          .map((m: { role: string; content: unknown }) => `${m.role}:${String(m.content)}`);
      assert.deepEqual(history('C'), ['user:A', 'assistant:Answer to A', 'user:B', 'assistant:Answer to B', 'user:C']);
      assert.deepEqual(history('A edited'), ['user:A edited']);
    });

    it('stores a retried message once (client-made message_id) and refuses an id used elsewhere with 409', async () => {
      const conversation = await create();
      const messageId = '0b6f3d4e-8c1a-4e61-9a7c-5d2f1e3b4a59';
      const first = await ask(conversation.id, { content: 'Once?', message_id: messageId, parent_message_id: null });
      assert.equal(first.userId, messageId);
      const again = await ask(conversation.id, { content: 'Once?', message_id: messageId, parent_message_id: null });
      assert.equal(again.userId, messageId);
      const stored = await messages(conversation.id);
      assert.equal(stored.filter((m) => m.role === 'user').length, 1);
      assert.equal(stored.filter((m) => m.parent_message_id === messageId).length, 2, 'two answers to the one question');

      assert.equal((await send(conversation.id, { content: 'Other text', message_id: messageId, parent_message_id: null })).statusCode, 409);
      const elsewhere = await create();
      assert.equal((await send(elsewhere.id, { content: 'Once?', message_id: messageId })).statusCode, 409);
    });

    it('lists the models on offer as LanguageModel resources (GET qa/resources), beside the collections', async () => {
      const response = await t.as('employee', { method: 'GET', url: '/api/qa/resources' });
      assert.equal(response.statusCode, 200, response.body);
      const resources = qaResourcesResponseSchema.parse(response.json());
      assert.deepEqual(resources.language_models, [
        { id: 'scripted-model', name: 'scripted-model', type: 'llm', mode: 'collection', max_characters: 24000 },
        { id: 'thinking-model', name: 'thinking-model', type: 'llm', mode: 'collection', max_characters: 24000 },
      ]);
      assert.ok(Array.isArray(resources.collections));
    });

    it('answers with the model reasoning_model_override names, and 400 for a model that is not offered', async () => {
      const conversation = await create();
      await ask(conversation.id, { content: 'Which model?', reasoning_model_override: 'thinking-model' });
      assert.equal(answerCalls()[0]!.body.model, 'thinking-model');
      assert.equal((await messages(conversation.id))[1]!.model, 'thinking-model');
      const unknown = await send(conversation.id, { content: 'Which model?', reasoning_model_override: 'gpt-unknown' });
      assert.equal(unknown.statusCode, 400);
      assert.equal(unknown.json().message, 'Unknown language model: gpt-unknown');
    });

    it('ends with an error event when the model fails mid-answer, keeping what arrived as an error message', async () => {
      model.setScript({ rules: [...SIDE_RULES, { match: 'fail', reply: 'One two three four', failAfterChunks: 2 }] });
      const conversation = await create();
      const { events, assistantId } = await ask(conversation.id, { content: 'fail' });
      const kinds = shape(events).filter((kind) => kind !== 'intent');
      assert.deepEqual(kinds, ['message', 'stream_text:begin:answer', 'stream_text:append', 'stream_text:append', 'stream_text:end', 'error']);
      const last = events.at(-1)!;
      assert.ok(last.kind === 'error');
      assert.equal(last.code, 'upstream_failed');
      assert.equal(last.message, 'The answer failed: the language model reported an error');
      const stored = (await messages(conversation.id)).find((m) => m.message_id === assistantId)!;
      assert.equal(stored.status, 'error');
      assert.equal(stored.content, 'One two');

      model.setScript({ rules: [...SIDE_RULES, { match: 'event', reply: 'One two', failAfterChunks: 1, failWith: 'error-event', errorMessage: 'overloaded' }] });
      const errored = await ask(conversation.id, { content: 'event' });
      const error = errored.events.at(-1)!;
      assert.ok(error.kind === 'error');
      assert.equal(error.message, 'The answer failed: the language model reported an error');
    });

    it('answers 502 when the model refuses before streaming, storing nothing; no intent is made up when the classifier fails', async () => {
      const conversation = await create();
      model.setScript({ rules: [INTENT_RULE, { status: 500, errorMessage: 'model crashed' }] });
      const refused = await send(conversation.id, { content: 'Hi?' });
      assert.equal(refused.statusCode, 502);
      assert.deepEqual([refused.json().code, refused.json().message], ['upstream_failed', 'The answer failed: the language model reported an error']);
      assert.deepEqual(await messages(conversation.id), []);

      model.setScript({ rules: [{ system: 'Classify the user', reply: 'I think it is a question.' }, { system: 'Write a short title', status: 500 }] });
      const { events } = await ask(conversation.id, { content: 'Hi?' });
      assert.ok(!shape(events).includes('intent'), 'no intent event without a valid classification');
      assert.equal(events.at(-1)!.kind, 'done');
      assert.equal((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json().conversations[0].name, 'New chat');
    });

    it('ends the stream at most a few seconds after the answer when the classifier hangs, without an intent', async () => {
      model.setScript({ rules: [{ system: 'Classify the user', hang: true }, TITLE_RULE] });
      const conversation = await create();
      const started = Date.now();
      const { events } = await ask(conversation.id, { content: 'Quick?' });
      assert.ok(Date.now() - started < SIDE_CALL_GRACE_MS + 2_000);
      assert.ok(!shape(events).includes('intent'));
      assert.equal(events.at(-1)!.kind, 'done');
      const intentCall = model.chatRequests().find((request) => request.systemMessage?.startsWith('Classify the user'))!;
      await model.waitFor(() => intentCall.aborted, 2_000);
    });

    it('writes the answer so far while it streams, so a reload or another tab sees it', async () => {
      const words = Array.from({ length: 24 }, (_, i) => `w${i}`).join(' ');
      model.setScript({ rules: [...SIDE_RULES, { match: 'slowly', reply: words, delayMs: 150 }] });
      const conversation = await create();
      const origin = await t.listen();
      const response = await fetch(`${origin}/api/conversations/${conversation.id}/messages/v2`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'slowly' }),
      });
      const body = response.text();
      let seen: Message | undefined;
      for (let i = 0; i < 60 && !seen?.content; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = (await messages(conversation.id)).find((m) => m.role === 'assistant');
      }
      assert.equal(seen?.status, 'streaming');
      assert.ok(seen!.content.startsWith('w0 w1') && seen!.content.length < words.length, seen!.content);
      await body;
      const done = (await messages(conversation.id)).find((m) => m.role === 'assistant')!;
      assert.equal(done.status, 'complete');
      assert.equal(done.content, words);
    });

    it('shows an answer whose writer went silent (the server stopped mid-answer) as failed, with what it wrote', async () => {
      const conversation = await create();
      const { sql } = await import('kysely');
      await sql`insert into messages (message_id, conversation_id, parent_message_id, role, content, status)
        values (${'8b1f9b0e-1f2a-4c3d-9e4f-5a6b7c8d9e01'}::uuid, ${conversation.id}::uuid, null, 'user', 'Hello?', 'complete')`.execute(t.db);
      await sql`insert into messages (message_id, conversation_id, parent_message_id, role, content, status, written_at)
        values (${'8b1f9b0e-1f2a-4c3d-9e4f-5a6b7c8d9e02'}::uuid, ${conversation.id}::uuid, ${'8b1f9b0e-1f2a-4c3d-9e4f-5a6b7c8d9e01'}::uuid,
                'assistant', 'Half an ans', 'streaming', now() - make_interval(mins => ${ABANDONED_STREAM_MINUTES + 1}))`.execute(t.db);
      let answer = (await messages(conversation.id)).find((m) => m.role === 'assistant')!;
      assert.equal(answer.status, 'error');
      assert.equal(answer.content, 'Half an ans');
      // A live one (written a moment ago) is still streaming.
      await sql`update messages set written_at = now() where message_id = ${'8b1f9b0e-1f2a-4c3d-9e4f-5a6b7c8d9e02'}::uuid`.execute(t.db);
      answer = (await messages(conversation.id)).find((m) => m.role === 'assistant')!;
      assert.equal(answer.status, 'streaming');
    });

    it('stops the upstream request at once when the client goes away, and keeps the partial answer as stopped', async () => {
      model.setScript({ rules: [...SIDE_RULES, { match: 'long', reply: 'one two three four five six seven eight nine ten', delayMs: 80 }] });
      const conversation = await create();
      const origin = await t.listen();
      const controller = new AbortController();
      const response = await fetch(`${origin}/api/conversations/${conversation.id}/messages/v2`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'long' }),
        signal: controller.signal,
      });
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      while ((received.match(/"append"/g) ?? []).length < 2) {
        const { value, done } = await reader.read();
        assert.equal(done, false, 'the stream ended early');
        received += decoder.decode(value, { stream: true });
      }
      const ids = received.split('\n').map((line) => (line ? JSON.parse(line) : {})).find((event) => event.kind === 'message');
      const answerCall = answerCalls()[0]!;
      assert.equal(answerCall.completed, false);
      const stoppedAt = Date.now();
      controller.abort();
      await model.waitFor(() => answerCall.aborted, 2_000);
      const delay = Date.now() - stoppedAt;
      assert.ok(delay < 500, `the abort reached the model after ${delay} ms`);

      let stored: Message | undefined;
      for (let i = 0; i < 100 && stored?.status !== 'stopped'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        stored = (await messages(conversation.id)).find((m) => m.message_id === ids.assistant_message_id);
      }
      assert.equal(stored?.status, 'stopped');
      assert.ok(stored!.content.startsWith('one two'), stored!.content);
      assert.ok(!stored!.content.includes('ten'));
    });

    it('reads the model only as fast as a slow client reads (bounded memory), and delivers everything once it reads', async () => {
      const chunk = 'x'.repeat(8 * 1024);
      const total = 3_000; // about 24 MB of answer: far more than the socket buffers hold
      model.setScript({ rules: [...SIDE_RULES, { match: 'flood', chunks: Array.from({ length: total }, () => chunk) }] });
      const conversation = await create();
      const origin = await t.listen();
      const res = await postAndPause(`${origin}/api/conversations/${conversation.id}/messages/v2`, await t.token(), { content: 'flood' });
      assert.equal(res.statusCode, 200);
      const answerCall = () => answerCalls().find((call) => call.lastUserMessage === 'flood')!;
      await model.waitFor(() => (answerCall()?.chunksSent ?? 0) > 0);
      // Wait until the fake stops getting further: everything between it and the client is full.
      const last = await chunksSentWhenStalled(() => answerCall()?.chunksSent);
      // What was read stays in flight in socket buffers (a few MB on loopback) and the writer's
      // 16 KB: the model is not read to the end into the server's memory.
      assert.ok(last < total / 2, `the model was read ${last} of ${total} chunks while the client read nothing`);
      assert.equal(answerCall().completed, false);

      let bytes = 0;
      let tail = '';
      res.on('data', (data: Buffer) => {
        bytes += data.length;
        tail = (tail + data.toString('utf8')).slice(-200);
      });
      res.resume();
      await new Promise((resolve) => res.on('end', resolve));
      assert.ok(bytes > total * chunk.length, `received ${bytes} bytes`);
      assert.match(tail, /\{"kind":"done"\}\n$/);
      assert.equal(answerCall().completed, true);
    });
  });
}

describe('conversations API without a model', () => {
  let handle: DatabaseHandle;
  let t: ChatTestApp;
  let model: ScriptedModelServer;
  before(async () => {
    handle = await testDatabaseTargets()[0]!.open();
    model = await startScriptedModelServer({ modelsStatus: 503 });
    t = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url });
  });
  after(async () => {
    await t.close();
    await model.close();
    await handle.close();
  });

  it('manages conversations, and answers a message with 503 and a clear message', async () => {
    const created = await t.as('employee', { method: 'POST', url: '/api/conversations?name=Offline' });
    assert.equal(created.statusCode, 201);
    const id = conversationSchema.parse(created.json()).id;
    const response = await t.as('employee', { method: 'POST', url: `/api/conversations/${id}/messages/v2`, payload: { content: 'Hello?' } });
    assert.equal(response.statusCode, 503);
    assert.match(response.headers['content-type'] as string, /application\/json/);
    assert.match(apiErrorSchema.parse(response.json()).message, /^No language model is reachable: chat needs a language model/);
    const stored = messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/messages` })).json());
    assert.deepEqual(stored.messages, []);
  });

  it('offers an empty model list', async () => {
    const response = await t.as('employee', { method: 'GET', url: '/api/qa/resources' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(qaResourcesResponseSchema.parse(response.json()).language_models, []);
  });
});

