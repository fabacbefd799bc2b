import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import {
  conversationListResponseSchema,
  conversationSchema,
  conversationSearchResponseSchema,
  inContextSourcesResponseSchema,
  messageListResponseSchema,
  type DeepResearchEvent,
  type Message,
  type StreamEvent,
} from '@assistant/contracts';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { startTestMcpServer } from '../../../tests/fixtures/test-mcp-server';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { JUDGE_SYSTEM_PROMPT } from '../grounding/judge-sources';
import { SOURCES_JOB_KIND, sourcesJobHandler } from '../grounding/sources-job';
import { ModelProvider } from '../inference/model-provider';
import { JobRunner } from '../jobs/job-runner';
import { McpServersRepository } from '../mcp/mcp-servers-repository';
import { CLARIFY_SYSTEM_PROMPT, PLAN_SYSTEM_PROMPT, REPORT_SYSTEM_PROMPT, TASK_SYSTEM_PROMPT } from '../research/research-prompts';
import { loadSettingsSeed } from '../settings/load-seed';
import { DEMO_SEED_FILE } from '../testing/test-app';
import { parseEvents } from './support/chat-test-app';
import { startResearchJobRunner, uploadTravelPolicy } from './support/research-jobs-runner';
import { researchStateReader } from './support/research-state';
import { startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

const first = (prompt: string) => prompt.split('\n')[0]!;
const TASK = first(TASK_SYSTEM_PROMPT);
const CLARIFY = first(CLARIFY_SYSTEM_PROMPT);
const PLAN = first(PLAN_SYSTEM_PROMPT);
const TITLE = 'Travel rules';
const QUESTION = 'Deep question: what are the travel rules?';
const CLARIFICATION = 'Which year do you mean?';
const REPORT = 'Every trip follows the travel policy [1]. Nothing else was found.';
const MCP_QUESTION = 'Where does Erika Mustermann sit, and what are the travel rules?';

/** The model of these tests: title, clarification decision, plan, one tool round per task, the report, the sources judge. */
const RULES: ScriptRule[] = [
  { system: 'Write a short title', reply: TITLE },
  { system: first(CLARIFY_SYSTEM_PROMPT), match: (text) => text.includes('hang-plan'), hang: true },
  {
    system: first(CLARIFY_SYSTEM_PROMPT),
    reply: (last) => JSON.stringify(last.includes('ambiguous') && !last.includes('Answer:') ? { needs_clarification: true, question: CLARIFICATION } : { needs_clarification: false, question: '' }),
  },
  { system: first(PLAN_SYSTEM_PROMPT), reply: JSON.stringify({ title: 'Travel research', tasks: [{ content: 'Find the travel policy' }] }) },
  // A task of the MCP research asks the tool server; every other task searches the documents.
  { system: TASK, offersTools: true, afterToolResults: false, match: (text) => text.includes('Erika'), toolCalls: [{ name: 'hr__lookup_employee', arguments: { name: 'Erika Mustermann' } }] },
  { system: TASK, offersTools: true, afterToolResults: false, toolCalls: [{ name: 'search_documents', arguments: { query: 'travel policy' } }] },
  { system: TASK, afterToolResults: true, reply: 'The travel policy applies to every trip [1].' },
  { system: first(REPORT_SYSTEM_PROMPT), reply: REPORT },
  {
    system: JUDGE_SYSTEM_PROMPT,
    reply: (message) => {
      const input = JSON.parse(message) as { sources: Array<{ n: number; sentences: Array<{ s: number; text: string }> }> };
      return JSON.stringify({
        sources: input.sources.map((source) => ({
          n: source.n,
          sentences: source.sentences.map((sentence) => ({ s: sentence.s, label: /travel policy/.test(sentence.text) ? 'supports' : 'unrelated', strength: 0.8 })),
        })),
      });
    },
  },
];

type User = 'employee' | 'other';

describe('deep research from chat', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let t: CollectionsTestApp;
  let runner: JobRunner;
  let settings: SettingsRepository;
  let origin: string;
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };

  before(async () => {
    handle = await openTestPglite();
    settings = new SettingsRepository(handle.db);
    // The demo settings: enableDeepResearch on, feature set BETA.
    await settings.seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
    model = await startScriptedModelServer({ models: ['scripted-model'], rules: RULES });
    t = await startCollectionsTestApp(handle, { OPENAI_BASE_URL: model.url, RESEARCH_MAX_CONCURRENT_PER_USER: '2' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    await uploadTravelPolicy(t, handle.db);
  });
  beforeEach(() => {
    model.setScript({ rules: RULES });
    // The research jobs as main.ts registers them, with the MCP servers' tools.
    runner = startResearchJobRunner(handle.db, model.url, { mcp: true });
  });
  afterEach(async () => {
    await runner.stop();
  });
  after(async () => {
    await t.close();
    await model.close();
    await handle.close();
  });

  async function conversation(user: User = 'employee', name = 'Research') {
    const response = await t.as(user, { method: 'POST', url: `/api/conversations?name=${name}` });
    assert.equal(response.statusCode, 201, response.body);
    return conversationSchema.parse(response.json()).id;
  }
  const send = (id: string, payload: Record<string, unknown>, user: User = 'employee') =>
    t.as(user, { method: 'POST', url: `/api/conversations/${id}/messages/v2`, payload });
  /** One chat step of a research: its lines, the message event first. */
  async function step(id: string, payload: Record<string, unknown>) {
    const response = await send(id, { deep_research: true, ...payload });
    assert.equal(response.statusCode, 200, response.body);
    const events = parseEvents(response.body);
    const message = events[0];
    assert.ok(message?.kind === 'message' && message.research_id, response.body);
    return { events, message, researchId: message.research_id };
  }
  const researchEvents = (events: StreamEvent[]): DeepResearchEvent[] => events.flatMap((event) => (event.kind === 'deep_research' ? [event.event] : []));
  async function messages(id: string): Promise<Message[]> {
    const response = await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/messages` });
    assert.equal(response.statusCode, 200, response.body);
    return messageListResponseSchema.parse(response.json()).messages;
  }
  const { state, until } = researchStateReader(() => t);
  async function approve(id: string) {
    const planned = await state(id);
    const response = await t.as('employee', {
      method: 'POST',
      url: `/api/research/${id}/plan`,
      payload: { plan: planned.tasks.map(({ task_id, content }) => ({ task_id, content })), approve: true },
    });
    assert.equal(response.statusCode, 200, response.body);
  }
  const cancel = async (id: string) => assert.equal((await t.as('employee', { method: 'POST', url: `/api/research/${id}/cancel` })).statusCode, 200);
  const runSourcesJobs = () => {
    const models = new ModelProvider({ baseUrl: model.url, timeoutMs: 30_000, logger: quiet });
    return new JobRunner({ db: handle.db, handlers: { [SOURCES_JOB_KIND]: sourcesJobHandler({ db: handle.db, models, portalOrigin: 'http://portal.example' }) } }).drain();
  };
  const runsOf = (conversationId: string) => handle.db.selectFrom('research_runs').select('id').where('conversation_id', '=', conversationId).execute();

  it('starts a run from a message: message with research_id, then start and planning, done; the message list names the run; approved, the report becomes the answer with its sources', async () => {
    const id = await conversation();
    const { events, message, researchId } = await step(id, { content: QUESTION });
    assert.deepEqual(
      events.map((event) => (event.kind === 'deep_research' ? event.event.stage : event.kind)),
      ['message', 'start', 'planning', 'done'],
    );
    assert.ok(researchEvents(events).every((event) => event.research_id === researchId));
    const planned = await state(researchId);
    assert.equal(planned.status, 'awaiting_approval');
    assert.equal(planned.conversation_id, id);
    assert.equal(planned.user_message_id, message.user_message_id);
    assert.equal(planned.assistant_message_id, message.assistant_message_id);

    // Reopening the conversation finds the run: the answer names it (empty until the report).
    const [question, answer] = await messages(id);
    assert.deepEqual([question?.role, question?.content, question?.message_id, question?.research_id], ['user', QUESTION, message.user_message_id, undefined]);
    assert.deepEqual(
      [answer?.role, answer?.content, answer?.status, answer?.model, answer?.research_id, answer?.parent_message_id],
      ['assistant', '', 'complete', 'scripted-model', researchId, message.user_message_id],
    );
    // A first exchange is titled like an ordinary one.
    const listed = conversationListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json());
    assert.equal(listed.conversations.find((c) => c.id === id)?.name, TITLE);

    await approve(researchId);
    const finished = await until(researchId, (s) => s.status === 'completed', 'the report');
    assert.equal(finished.report, REPORT);
    const reported = (await messages(id)).find((m) => m.message_id === message.assistant_message_id);
    assert.deepEqual([reported?.content, reported?.status, reported?.research_id], [REPORT, 'complete', researchId]);
    // The report is part of the conversation's history: search finds it.
    const found = conversationSearchResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations/search?q=nothing%20else' })).json());
    assert.ok(found.conversations.some((c) => c.id === id));

    // The report's sources are the message's sources: triggered, not ready, computed, then there.
    const sourcesUrl = `/api/conversations/${id}/messages/${message.assistant_message_id}/sources`;
    assert.equal((await t.as('employee', { method: 'POST', url: sourcesUrl })).statusCode, 202);
    assert.equal((await t.as('employee', { method: 'GET', url: sourcesUrl })).statusCode, 409);
    assert.equal((await t.as('other', { method: 'GET', url: sourcesUrl })).statusCode, 404);
    await runSourcesJobs();
    const ready = await t.as('employee', { method: 'GET', url: sourcesUrl });
    assert.equal(ready.statusCode, 200, ready.body);
    const [item] = inContextSourcesResponseSchema.parse(ready.json()).highlighted_sources;
    assert.ok(item!.supporting.some((source) => source.source_name === 'Travel.docx'), ready.body);

    // Following the run later from the start replays the whole run, up to done.
    const replay = parseEvents((await t.as('employee', { method: 'GET', url: `/api/research/${researchId}/events?after=0` })).body);
    assert.deepEqual(researchEvents(replay).slice(0, 2), researchEvents(events));
    assert.equal(replay.at(-1)?.kind, 'done');
  });

  it('the reply to the clarifying question (deep_research_id) continues the same run: the old answer holds the question, the run moves to the new messages, the step ends after planning', async () => {
    const id = await conversation();
    const asked = await step(id, { content: 'Something ambiguous about travel' });
    assert.deepEqual(
      asked.events.map((event) => (event.kind === 'deep_research' ? event.event.stage : event.kind)),
      ['message', 'start', 'clarification', 'done'],
    );
    const clarification = researchEvents(asked.events)[1]!;
    assert.ok(clarification.stage === 'clarification' && clarification.content === CLARIFICATION);
    const before = await state(asked.researchId);
    assert.equal(before.status, 'awaiting_clarification');

    const replied = await step(id, { content: 'The year 2025', deep_research_id: asked.researchId });
    assert.equal(replied.researchId, asked.researchId);
    assert.notEqual(replied.message.assistant_message_id, asked.message.assistant_message_id);
    assert.deepEqual(
      replied.events.map((event) => (event.kind === 'deep_research' ? event.event.stage : event.kind)),
      ['message', 'planning', 'done'],
      'followed from the events already seen',
    );
    const moved = await state(asked.researchId);
    assert.equal(moved.status, 'awaiting_approval');
    assert.equal(moved.user_message_id, replied.message.user_message_id);
    assert.equal(moved.assistant_message_id, replied.message.assistant_message_id);
    assert.deepEqual(moved.clarification, { question: CLARIFICATION, answer: 'The year 2025' });

    const stored = await messages(id);
    const byId = (messageId: string) => stored.find((m) => m.message_id === messageId);
    assert.deepEqual([byId(asked.message.assistant_message_id)?.content, byId(asked.message.assistant_message_id)?.research_id], [CLARIFICATION, asked.researchId]);
    assert.equal(byId(replied.message.user_message_id)?.parent_message_id, asked.message.assistant_message_id, 'the reply follows the question asked');
    assert.deepEqual([byId(replied.message.assistant_message_id)?.content, byId(replied.message.assistant_message_id)?.research_id], ['', asked.researchId]);

    // Answered once: a second reply is a conflict, and stores nothing.
    const again = await send(id, { content: 'Still 2025', deep_research: true, deep_research_id: asked.researchId });
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(again.json().code, 'conflict');
    assert.equal((await messages(id)).length, stored.length);
    await cancel(asked.researchId);
  });

  it('a retried message (the same message_id) follows the run its first attempt started or continued: one run, one set of model calls', async () => {
    const id = await conversation();
    const modelCalls = () => model.chatRequests().filter((request) => [CLARIFY, PLAN].some((prompt) => request.systemMessage?.startsWith(prompt))).length;
    const messageId = randomUUID();
    // As the chat retries a question: its id and its place (a first question: parent null).
    const question = { content: 'Something ambiguous about travel', message_id: messageId, parent_message_id: null };
    const sent = await step(id, question);
    const asked = modelCalls();
    const retried = await step(id, question);
    assert.equal(retried.researchId, sent.researchId);
    assert.deepEqual([retried.message.user_message_id, retried.message.assistant_message_id], [messageId, sent.message.assistant_message_id]);
    assert.deepEqual(researchEvents(retried.events), researchEvents(sent.events), 'the same events again: start, clarification');
    assert.equal(retried.events.at(-1)?.kind, 'done');
    assert.equal((await runsOf(id)).length, 1);
    assert.equal(modelCalls(), asked, 'no model call for the retry');
    assert.equal((await messages(id)).length, 2);

    // The reply to the clarifying question, retried: the same run goes on once, followed from after the question.
    const replyId = randomUUID();
    const reply = { content: 'The year 2025', deep_research_id: sent.researchId, message_id: replyId, parent_message_id: sent.message.assistant_message_id };
    const replied = await step(id, reply);
    const planned = modelCalls();
    const again = await step(id, reply);
    assert.deepEqual([again.researchId, again.message.assistant_message_id], [sent.researchId, replied.message.assistant_message_id]);
    assert.deepEqual(
      again.events.map((event) => (event.kind === 'deep_research' ? event.event.stage : event.kind)),
      ['message', 'planning', 'done'],
    );
    assert.equal(modelCalls(), planned);
    assert.equal((await runsOf(id)).length, 1);
    assert.equal((await messages(id)).length, 4);
    assert.equal((await state(sent.researchId)).status, 'awaiting_approval');
    await cancel(sent.researchId);
  });

  it('refuses before streaming, storing nothing: flag off 403, another user\'s or an unknown run 404, over the limit 429', async () => {
    const id = await conversation();
    await settings.update({ feature_flags: { enableDeepResearch: false } }, 'admin');
    try {
      const off = await send(id, { content: QUESTION, deep_research: true });
      assert.equal(off.statusCode, 403, off.body);
      assert.equal(off.json().code, 'forbidden');
    } finally {
      await settings.update({ feature_flags: { enableDeepResearch: true } }, 'admin');
    }
    assert.deepEqual(await messages(id), []);
    assert.deepEqual(await runsOf(id), []);

    // Another user's run (from their own conversation) is no run of this user's.
    const theirs = await conversation('other', 'Theirs');
    const asked = await step(id, { content: 'Something ambiguous about travel' });
    const foreign = await send(theirs, { content: 'The year 2025', deep_research: true, deep_research_id: asked.researchId }, 'other');
    assert.equal(foreign.statusCode, 404, foreign.body);
    assert.equal(foreign.json().code, 'not_found');
    // Nor is a run of another conversation, or an id that is no run at all.
    const elsewhere = await conversation();
    for (const [conversationId, researchId] of [
      [elsewhere, asked.researchId],
      [id, '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'],
      [id, 'not-a-run'],
    ] as const) {
      const response = await send(conversationId, { content: 'x', deep_research: true, deep_research_id: researchId });
      assert.equal(response.statusCode, 404, `${conversationId} ${researchId}: ${response.body}`);
    }
    assert.deepEqual(await messages(elsewhere), []);
    const other = await t.as('other', { method: 'GET', url: `/api/conversations/${theirs}/messages` });
    assert.deepEqual(messageListResponseSchema.parse(other.json()).messages, []);
    await cancel(asked.researchId);

    // Two runs working at once (planning hangs): one from chat whose client left after the message
    // line, one from POST /research. A third is refused like POST /research does, with nothing stored.
    const busy = await conversation();
    const left = new AbortController();
    const response = await fetch(`${origin}/api/conversations/${busy}/messages/v2`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token('employee')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hang-plan one', deep_research: true }),
      signal: left.signal,
    });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('\n')) text += new TextDecoder().decode((await reader.read()).value);
    left.abort();
    const started = parseEvents(text.slice(0, text.indexOf('\n') + 1))[0];
    assert.ok(started?.kind === 'message' && started.research_id);
    assert.equal((await t.as('employee', { method: 'POST', url: '/api/research', payload: { question: 'hang-plan two' } })).statusCode, 201);
    const stored = await messages(busy);
    assert.equal(stored.length, 2);
    const third = await send(busy, { content: 'hang-plan three', deep_research: true });
    assert.equal(third.statusCode, 429, third.body);
    assert.equal(third.json().code, 'rate_limited');
    assert.ok(third.headers['retry-after']);
    assert.equal((await messages(busy)).length, stored.length);
    // The client that left stopped only the following: the run still works.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await state(started.research_id)).status, 'running');
    const running = await handle.db.selectFrom('research_runs').select('id').where('owner_id', '=', 'employee').where('status', '=', 'running').execute();
    for (const run of running) await cancel(run.id);
  });

  it('a research task calls the tools of the MCP servers the message picks (feature set BETA); outside BETA server_ids is a 501', async () => {
    const mcp = await startTestMcpServer();
    try {
      const server = await new McpServersRepository(handle.db).create({ name: 'HR', url: mcp.url, bearer_token: undefined }, 'admin');
      const id = await conversation();
      await settings.update({ feature_set: '1', confirm_lockout: true }, 'admin');
      try {
        const refused = await send(id, { content: MCP_QUESTION, deep_research: true, server_ids: [server.id] });
        assert.equal(refused.statusCode, 501, refused.body);
      } finally {
        await settings.update({ feature_set: 'BETA' }, 'admin');
      }
      assert.deepEqual(await runsOf(id), []);

      const { researchId } = await step(id, { content: MCP_QUESTION, server_ids: [server.id] });
      await approve(researchId);
      await until(researchId, (s) => s.status === 'completed', 'the report');
      assert.deepEqual(mcp.calls, ['lookup_employee']);
      const replay = researchEvents(parseEvents((await t.as('employee', { method: 'GET', url: `/api/research/${researchId}/events?after=0` })).body));
      const call = replay.find((event) => event.stage === 'execution' && event.task_status === 'in_progress');
      assert.ok(call?.stage === 'execution', JSON.stringify(replay));
      assert.equal(call.tool_name, 'hr__lookup_employee');
      assert.equal(call.capability, 'tool server hr');
      assert.deepEqual(JSON.parse(call.args_json!), { name: 'Erika Mustermann' });
      const taskCall = model.chatRequests().find((request) => request.systemMessage?.startsWith(TASK) && request.lastUserMessage?.includes('Erika'));
      assert.ok(taskCall?.tools, 'the task asked the model with tools');
      assert.ok(taskCall.tools.includes('hr__lookup_employee'), JSON.stringify(taskCall.tools));
      assert.ok(taskCall.tools.includes('search_documents'), 'beside the built-in tools');
    } finally {
      await mcp.close();
    }
  });

  it('a picked MCP server that is down is left out of the tasks: the run still completes with the built-in tools', async () => {
    const dead = await startTestMcpServer();
    await dead.close();
    const server = await new McpServersRepository(handle.db).create({ name: 'Down', url: dead.url, bearer_token: undefined }, 'admin');
    const id = await conversation();
    const { researchId } = await step(id, { content: MCP_QUESTION, server_ids: [server.id] });
    await approve(researchId);
    const done = await until(researchId, (s) => s.status !== 'running' && s.status !== 'awaiting_approval', 'the end of the run');
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.ok(done.report, 'the report was written');
    const taskCalls = model.chatRequests().filter((request) => request.systemMessage?.startsWith(TASK) && request.lastUserMessage?.includes('Erika') && request.tools);
    const offered = taskCalls.at(-1)?.tools ?? [];
    assert.ok(offered.includes('search_documents'), JSON.stringify(offered));
    assert.ok(!offered.some((name) => name.startsWith('down__')), `no tool of the dead server: ${JSON.stringify(offered)}`);
    // The model still called the HR tool: the call's failure is told in the events, under its id.
    const replay = researchEvents(parseEvents((await t.as('employee', { method: 'GET', url: `/api/research/${researchId}/events?after=0` })).body));
    const calls = replay.flatMap((event) => (event.stage === 'execution' && event.tool_name === 'hr__lookup_employee' ? [event] : []));
    assert.equal(calls.length, 2, JSON.stringify(replay));
    assert.equal(calls[1]!.tool_call_id, calls[0]!.tool_call_id);
    assert.equal(calls[1]!.tool_error, 'There is no tool named "hr__lookup_employee".');
    assert.equal(calls[1]!.tool_result, undefined);
  });

  it('the browser-kept history (POST /api/chat/stream) still refuses deep research with 501', async () => {
    const response = await t.as('employee', { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: QUESTION, deep_research: true }, history: [] } });
    assert.equal(response.statusCode, 501, response.body);
    assert.equal(response.json().code, 'not_implemented');
  });
});
