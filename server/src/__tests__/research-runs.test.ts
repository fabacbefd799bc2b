import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import {
  researchStateSchema,
  streamEventSchema,
  type DeepResearchEvent,
  type ResearchState,
  type StreamEvent,
} from '@assistant/contracts';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { JobRunner } from '../jobs/job-runner';
import { CANCELLED_REASON, INTERRUPTED_REASON, type ResearchLimits } from '../research/research-jobs';
import { CLARIFY_SYSTEM_PROMPT, PLAN_SYSTEM_PROMPT, REPORT_SYSTEM_PROMPT, TASK_SYSTEM_PROMPT } from '../research/research-prompts';
import { loadSettingsSeed } from '../settings/load-seed';
import { DEMO_SEED_FILE } from '../testing/test-app';
import { startResearchJobRunner, uploadTravelPolicy } from './support/research-jobs-runner';
import { researchStateReader } from './support/research-state';
import { startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

const has = (marker: string) => (text: string | undefined) => (text ?? '').includes(marker.split('\n')[0]!);
const TASK = TASK_SYSTEM_PROMPT.split('\n')[0]!;
const TASK_FINDINGS = 'The travel policy applies to every trip [1].';
const REPORT = 'Every trip follows the travel policy [1]. Nothing else was found.';

function plan(last: string): string {
  if (last.includes('ten tasks')) return JSON.stringify({ title: 'Ten', tasks: Array.from({ length: 10 }, (_, i) => ({ content: `travel part ${i + 1}` })) });
  if (last.includes('slow')) return JSON.stringify({ title: 'Slow research', tasks: [{ content: 'slow task about travel' }, { content: 'quick task about travel' }] });
  if (last.includes('broken')) return JSON.stringify({ title: 'Broken research', tasks: [{ content: 'broken page read' }, { content: 'search the travel policy' }] });
  return JSON.stringify({ title: 'Travel research', tasks: [{ content: 'Find the travel policy' }, { content: 'Find the notice period' }] });
}

/** The model of these tests: clarification decision, plan, one tool round per task, the report. */
function rules(options: { hangSlow: boolean }): ScriptRule[] {
  return [
    { system: CLARIFY_SYSTEM_PROMPT.split('\n')[0]!, match: (text) => text.includes('hang-plan'), hang: true },
    {
      system: CLARIFY_SYSTEM_PROMPT.split('\n')[0]!,
      reply: (last) => JSON.stringify(last.includes('ambiguous') ? { needs_clarification: true, question: 'Which year do you mean?' } : { needs_clarification: false, question: '' }),
    },
    { system: PLAN_SYSTEM_PROMPT.split('\n')[0]!, reply: plan },
    {
      system: TASK,
      offersTools: true,
      afterToolResults: false,
      match: (text) => text.includes('broken'),
      toolCalls: [{ name: 'read_document_page', arguments: { file_id: '00000000-0000-4000-8000-000000000000', page: 1 } }],
    },
    { system: TASK, offersTools: true, afterToolResults: false, toolCalls: [{ name: 'search_documents', arguments: { query: 'travel policy' } }] },
    ...(options.hangSlow ? [{ system: TASK, afterToolResults: true, match: (text: string) => text.includes('Your task: slow'), hang: true }] : []),
    { system: TASK, afterToolResults: true, reply: TASK_FINDINGS, delayMs: 5 },
    { system: REPORT_SYSTEM_PROMPT.split('\n')[0]!, reply: REPORT, delayMs: 5 },
  ];
}

describe('deep research runs', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let t: CollectionsTestApp;
  let runner: JobRunner;
  let origin: string;

  const startRunner = (limits: Partial<ResearchLimits> = {}) => startResearchJobRunner(handle.db, model.url, { limits: { taskConcurrency: 4, ...limits } });

  before(async () => {
    handle = await openTestPglite();
    await new SettingsRepository(handle.db).seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
    model = await startScriptedModelServer({ models: ['scripted-model'], rules: rules({ hangSlow: false }) });
    t = await startCollectionsTestApp(handle, { OPENAI_BASE_URL: model.url, RESEARCH_MAX_TASKS: '6', RESEARCH_MAX_CONCURRENT_PER_USER: '2' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    await uploadTravelPolicy(t, handle.db);
  });
  beforeEach(() => {
    model.setScript({ rules: rules({ hangSlow: false }) });
    runner = startRunner();
  });
  afterEach(async () => {
    await runner.stop();
  });
  after(async () => {
    await t.close();
    await model.close();
    await handle.close();
  });
  const stopRunner = async () => {
    await runner.stop();
  };

  async function start(question: string, user: 'employee' | 'other' = 'employee'): Promise<ResearchState> {
    const response = await t.as(user, { method: 'POST', url: '/api/research', payload: { question } });
    assert.equal(response.statusCode, 201, response.body);
    return researchStateSchema.parse(response.json());
  }
  const { state, until } = researchStateReader(() => t);
  /** The stream of a run's events after `after` (complete: the run is over). */
  async function replay(id: string, afterSeq = 0): Promise<StreamEvent[]> {
    const response = await t.as('employee', { method: 'GET', url: `/api/research/${id}/events?after=${afterSeq}` });
    assert.equal(response.statusCode, 200, response.body);
    return response.body
      .split('\n')
      .filter(Boolean)
      .map((line) => streamEventSchema.parse(JSON.parse(line)));
  }
  const researchEvents = (events: StreamEvent[]): DeepResearchEvent[] => events.flatMap((event) => (event.kind === 'deep_research' ? [event.event] : []));
  async function approve(id: string, tasks: Array<{ task_id?: string; content: string }>) {
    const response = await t.as('employee', { method: 'POST', url: `/api/research/${id}/plan`, payload: { plan: tasks, approve: true } });
    assert.equal(response.statusCode, 200, response.body);
    return researchStateSchema.parse(response.json());
  }

  it('runs start, planning, the edited plan, execution with tool calls, the streamed report with cited sources, end — each event with research_id and stage, in order', async () => {
    const run = await start('What are the travel rules?');
    const proposed = await until(run.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    assert.equal(proposed.stage, 'planning');
    assert.equal(proposed.title, 'Travel research');
    assert.deepEqual(
      proposed.tasks.map((task) => [task.task_id, task.content]),
      [
        ['task-1', 'Find the travel policy'],
        ['task-2', 'Find the notice period'],
      ],
    );
    // Edited: task-1 changed, task-2 removed, one added.
    const approved = await approve(run.research_id, [{ task_id: 'task-1', content: 'Find the travel policy rules' }, { content: 'Find who approves trips' }]);
    assert.deepEqual(
      approved.tasks.map((task) => [task.task_id, task.content]),
      [
        ['task-1', 'Find the travel policy rules'],
        ['task-3', 'Find who approves trips'],
      ],
    );
    const finished = await until(run.research_id, (s) => s.status === 'completed', 'the report');
    assert.equal(finished.report, REPORT);
    assert.equal(finished.stage, 'end');
    assert.ok(finished.sources.length >= 2, 'each task found the document, numbered across the run');
    assert.deepEqual(
      finished.sources.map((source) => source.index),
      finished.sources.map((_, i) => i),
    );
    assert.ok(finished.sources.every((source) => source.file_name === 'Travel.docx'));

    const events = await replay(run.research_id);
    assert.equal(events.at(-1)?.kind, 'done');
    const stream = researchEvents(events);
    assert.ok(stream.every((event) => event.research_id === run.research_id));
    const stages = stream.map((event) => event.stage);
    assert.deepEqual(stages.slice(0, 3), ['start', 'planning', 'planning']);
    assert.equal(stages.at(-1), 'end');
    const firstGeneration = stages.indexOf('generation');
    assert.ok(stages.slice(3, firstGeneration).every((stage) => stage === 'execution'), stages.join());
    assert.ok(stages.slice(firstGeneration, -1).every((stage) => stage === 'generation'));
    const edited = stream[2]!;
    assert.ok(edited.stage === 'planning');
    assert.deepEqual(edited.plan, [
      { task_id: 'task-1', content: 'Find the travel policy rules' },
      { task_id: 'task-3', content: 'Find who approves trips' },
    ]);
    for (const taskId of ['task-1', 'task-3']) {
      const own = stream.flatMap((event) => (event.stage === 'execution' && event.task_id === taskId ? [event] : []));
      assert.deepEqual(
        own.map((event) => event.task_status),
        ['pending', 'begin', 'in_progress', 'in_progress', 'done'],
      );
      const call = own[2]!;
      assert.equal(call.tool_name, 'search_documents');
      assert.equal(call.capability, 'document search');
      assert.ok(call.tool_call_id);
      assert.deepEqual(JSON.parse(call.args_json!), { query: 'travel policy' });
      // The call is told again when it ended, under its id, with what it found (the documents by name).
      const ended = own[3]!;
      assert.ok(ended.stage === 'execution');
      assert.deepEqual([ended.tool_call_id, ended.tool_name, ended.tool_error], [call.tool_call_id, 'search_documents', undefined]);
      assert.equal(ended.tool_result, 'Travel.docx');
    }
    const report = stream.flatMap((event) => (event.stage === 'generation' ? [event.content] : [])).join('');
    assert.equal(report, REPORT);
    // The report prompt got the tasks' findings renumbered to the run's sources.
    const reportCall = model.chatRequests().filter((request) => request.systemMessage?.startsWith(REPORT_SYSTEM_PROMPT.split('\n')[0]!)).at(-1)!;
    assert.match(reportCall.lastUserMessage!, /applies to every trip \[2\]/);
    // The report's grounding trace holds the run's sources: the sources endpoints know it.
    assert.ok(finished.trace_id);
    const trace = await new GroundingTracesRepository(handle.db).find(finished.trace_id, 'employee');
    assert.equal(trace?.answer, REPORT);
    assert.equal(trace?.windows.length, finished.sources.length);
    assert.equal((await t.as('employee', { method: 'GET', url: `/api/qa/sources/${finished.trace_id}` })).statusCode, 409, 'known, sources not computed yet');
    assert.equal((await t.as('other', { method: 'GET', url: `/api/qa/sources/${finished.trace_id}` })).statusCode, 404);

    // Replaying from the middle gives exactly the rest.
    const rest = researchEvents(await replay(run.research_id, 5));
    assert.deepEqual(rest, stream.slice(5));
  });

  it('asks one clarifying question; the answer continues the same research_id into planning', async () => {
    const run = await start('Something ambiguous about travel');
    const asked = await until(run.research_id, (s) => s.status === 'awaiting_clarification', 'the question');
    assert.deepEqual(asked.clarification, { question: 'Which year do you mean?', answer: null });
    assert.equal((await t.as('employee', { method: 'POST', url: `/api/research/${run.research_id}/plan`, payload: { plan: [{ content: 'x' }], approve: true } })).statusCode, 409);
    const answered = await t.as('employee', { method: 'POST', url: `/api/research/${run.research_id}/clarification`, payload: { answer: 'The year 2025' } });
    assert.equal(answered.statusCode, 200, answered.body);
    const planned = await until(run.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    assert.equal(planned.research_id, run.research_id);
    const planCall = model.chatRequests().filter((request) => request.systemMessage?.startsWith(PLAN_SYSTEM_PROMPT.split('\n')[0]!)).at(-1)!;
    assert.match(planCall.lastUserMessage!, /Which year do you mean\?\nAnswer: The year 2025/);
    const clarifyCalls = model.chatRequests().filter((request) => has(CLARIFY_SYSTEM_PROMPT)(request.systemMessage) && request.lastUserMessage?.includes('ambiguous'));
    assert.equal(clarifyCalls.length, 1, 'asked once only');
    assert.equal(clarifyCalls[0]!.responseFormat, 'json_schema');
    const cancel = await t.as('employee', { method: 'POST', url: `/api/research/${run.research_id}/cancel` });
    assert.equal(cancel.statusCode, 200);
    const stages = researchEvents(await replay(run.research_id)).map((event) => event.stage);
    assert.deepEqual(stages, ['start', 'clarification', 'planning', 'end']);
    const events = await replay(run.research_id);
    assert.deepEqual(events.at(-1), { kind: 'error', code: 'cancelled', message: CANCELLED_REASON });
  });

  it('a tool error inside a task is told to the model; the task and the run go on', async () => {
    const run = await start('broken things about travel');
    await until(run.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    await approve(run.research_id, [{ task_id: 'task-1', content: 'broken page read' }, { task_id: 'task-2', content: 'search the travel policy' }]);
    const finished = await until(run.research_id, (s) => s.status === 'completed', 'the report');
    assert.deepEqual(
      finished.tasks.map((task) => task.status),
      ['done', 'done'],
    );
    const stream = researchEvents(await replay(run.research_id));
    const read = stream.find((event) => event.stage === 'execution' && event.tool_name === 'read_document_page');
    assert.ok(read && read.stage === 'execution' && read.task_id === 'task-1');
    const toolResults = model.chatRequests().flatMap((request) => request.toolResults ?? []);
    assert.ok(toolResults.some((result) => result.includes('There is no such document or page')), 'the model got the tool error');
  });

  it('a client that reattaches mid-execution (after=N) gets every event exactly once, then the live ones', async () => {
    model.setScript({ rules: rules({ hangSlow: true }) });
    const run = await start('slow travel research');
    await until(run.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    await approve(run.research_id, [{ task_id: 'task-1', content: 'slow task about travel' }, { task_id: 'task-2', content: 'quick task about travel' }]);
    await until(run.research_id, (s) => s.tasks.some((task) => task.status === 'done'), 'the quick task');
    // First client: reads 4 events live, then goes away.
    const token = await t.token('employee');
    const first = new AbortController();
    const response = await fetch(`${origin}/api/research/${run.research_id}/events?after=0`, { headers: { authorization: `Bearer ${token}` }, signal: first.signal });
    const reader = response.body!.getReader();
    let text = '';
    while (text.split('\n').length <= 4) {
      const chunk = await reader.read();
      text += new TextDecoder().decode(chunk.value);
    }
    first.abort();
    const seen = text.split('\n').slice(0, 4).map((line) => streamEventSchema.parse(JSON.parse(line)));
    // Second client: from seq 4 on, while the slow task still runs; the task is then let go.
    const second = fetch(`${origin}/api/research/${run.research_id}/events?after=4`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The slow task's model call hangs: a restart of the runner lets it go (it runs again, now answered).
    model.setScript({ rules: rules({ hangSlow: false }) });
    const hung = model.chatRequests().find((request) => request.lastUserMessage?.includes('slow task') && (request.toolResults?.length ?? 0) > 0 && !request.completed);
    assert.ok(hung, 'the slow task waits for the model');
    await stopRunner();
    runner = startRunner();
    const rest = (await second)
      .split('\n')
      .filter(Boolean)
      .map((line) => streamEventSchema.parse(JSON.parse(line)));
    const all = await replay(run.research_id);
    assert.deepEqual([...seen, ...rest], all, 'no duplicate and no gap');
    assert.equal(all.at(-1)?.kind, 'done');
  });

  it('cancel stops the tasks and their model calls', async () => {
    model.setScript({ rules: rules({ hangSlow: true }) });
    const run = await start('slow cancel research');
    await until(run.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    await approve(run.research_id, [{ task_id: 'task-1', content: 'slow task about travel' }]);
    const deadline = Date.now() + 10_000;
    const hungCall = () => model.chatRequests().find((request) => request.lastUserMessage?.includes('slow task') && (request.toolResults?.length ?? 0) > 0 && !request.completed && !request.aborted);
    while (!hungCall()) {
      assert.ok(Date.now() < deadline, 'the task reached the model');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const call = hungCall()!;
    const cancelled = await t.as('employee', { method: 'POST', url: `/api/research/${run.research_id}/cancel` });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(researchStateSchema.parse(cancelled.json()).status, 'cancelled');
    while (!call.aborted) {
      assert.ok(Date.now() < deadline + 5_000, 'the model call was aborted');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const events = await replay(run.research_id);
    assert.equal(researchEvents(events).at(-1)?.stage, 'end');
    assert.equal(events.at(-1)?.kind, 'error');
    assert.equal((await t.as('employee', { method: 'POST', url: `/api/research/${run.research_id}/cancel` })).statusCode, 409);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(researchEvents(await replay(run.research_id)).at(-1)?.stage, 'end', 'nothing after end');
  });

  it('a restart during execution resumes the run (lease); past the attempts it fails with the reason', async () => {
    model.setScript({ rules: rules({ hangSlow: true }) });
    const run = await start('slow restart research');
    await until(run.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    await approve(run.research_id, [{ task_id: 'task-1', content: 'slow task about travel' }, { task_id: 'task-2', content: 'quick task about travel' }]);
    await until(run.research_id, (s) => s.tasks.some((task) => task.task_id === 'task-2' && task.status === 'done'), 'the quick task');
    await stopRunner();
    assert.equal((await state(run.research_id)).status, 'running', 'a stopped runner leaves the run to the next claim');
    model.setScript({ rules: rules({ hangSlow: false }) });
    runner = startRunner();
    const finished = await until(run.research_id, (s) => s.status === 'completed', 'the resumed run');
    assert.deepEqual(
      finished.tasks.map((task) => task.status),
      ['done', 'done'],
    );
    const task1 = researchEvents(await replay(run.research_id)).flatMap((event) => (event.stage === 'execution' && event.task_id === 'task-1' ? [event.task_status] : []));
    assert.deepEqual(task1.slice(-5), ['pending', 'begin', 'in_progress', 'in_progress', 'done'], 'the unfinished task ran again');
    const task2 = researchEvents(await replay(run.research_id)).filter((event) => event.stage === 'execution' && event.task_id === 'task-2' && event.task_status === 'done');
    assert.equal(task2.length, 1, 'the done task was not run again');

    // The same with one attempt only: the restart ends the run as failed, with the reason.
    await stopRunner();
    runner = startRunner({ maxAttempts: 1 });
    model.setScript({ rules: rules({ hangSlow: true }) });
    const second = await start('slow restart research again');
    await until(second.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    await approve(second.research_id, [{ task_id: 'task-1', content: 'slow task about travel' }]);
    await until(second.research_id, (s) => s.tasks[0]?.status === 'begin', 'the task');
    await stopRunner();
    runner = startRunner({ maxAttempts: 1 });
    const failed = await until(second.research_id, (s) => s.status === 'failed', 'the failure');
    assert.equal(failed.error, INTERRUPTED_REASON);
    const events = await replay(second.research_id);
    assert.deepEqual(events.at(-1), { kind: 'error', code: 'upstream_failed', message: INTERRUPTED_REASON });
  });

  it('limits: a plan with more tasks than RESEARCH_MAX_TASKS is a 400, more working runs than allowed a 429', async () => {
    const run = await start('What are the travel rules?');
    await until(run.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    const tooMany = await t.as('employee', {
      method: 'POST',
      url: `/api/research/${run.research_id}/plan`,
      payload: { plan: Array.from({ length: 7 }, (_, i) => ({ content: `task ${i}` })), approve: true },
    });
    assert.equal(tooMany.statusCode, 400);
    assert.match(tooMany.json().message, /at most 6 tasks/);
    const unknownTask = await t.as('employee', { method: 'POST', url: `/api/research/${run.research_id}/plan`, payload: { plan: [{ task_id: 'task-9', content: 'x' }], approve: true } });
    assert.equal(unknownTask.statusCode, 400);

    const a = await start('hang-plan one');
    const b = await start('hang-plan two');
    const refused = await t.as('employee', { method: 'POST', url: '/api/research', payload: { question: 'hang-plan three' } });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().code, 'rate_limited');
    assert.match(refused.json().message, /At most 2 research runs/);
    assert.ok(refused.headers['retry-after']);
    // Waiting for approval does not count; the other user has their own limit.
    assert.equal((await t.as('other', { method: 'POST', url: '/api/research', payload: { question: 'hang-plan other' } })).statusCode, 201);
    for (const id of [a.research_id, b.research_id, run.research_id]) {
      assert.equal((await t.as('employee', { method: 'POST', url: `/api/research/${id}/cancel` })).statusCode, 200);
    }
  });

  it("another user's research id is a 404 on every route; bad input is a 400", async () => {
    const run = await start('What are the travel rules?');
    await until(run.research_id, (s) => s.status === 'awaiting_approval', 'the plan');
    const id = run.research_id;
    for (const request of [
      { method: 'GET' as const, url: `/api/research/${id}` },
      { method: 'GET' as const, url: `/api/research/${id}/events?after=0` },
      { method: 'POST' as const, url: `/api/research/${id}/clarification`, payload: { answer: 'x' } },
      { method: 'POST' as const, url: `/api/research/${id}/plan`, payload: { plan: [{ content: 'x' }], approve: true } },
      { method: 'POST' as const, url: `/api/research/${id}/cancel` },
    ]) {
      const response = await t.as('other', request);
      assert.equal(response.statusCode, 404, `${request.method} ${request.url}`);
    }
    assert.equal((await t.as('employee', { method: 'POST', url: '/api/research', payload: { question: ' ' } })).statusCode, 400);
    assert.equal((await t.as('employee', { method: 'POST', url: `/api/research/${id}/plan`, payload: { plan: [{ content: 'x' }], approve: false } })).statusCode, 400);
    assert.equal((await t.as('employee', { method: 'POST', url: '/api/research', payload: { question: 'x', collections: ['nope'] } })).statusCode, 404);
    assert.equal((await t.as('employee', { method: 'POST', url: `/api/research/${id}/cancel` })).statusCode, 200);
  });
});
