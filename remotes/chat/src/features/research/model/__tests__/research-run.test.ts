import type { DeepResearchEvent, StreamEvent } from '@assistant/contracts';
import { researchState } from '../../../../__tests__/research-kit';
import { checkPlan } from '../plan-draft';
import { applyResearchEvent, applyResearchLine, emptyRun, prettyArguments, type ResearchRun } from '../research-run';
import { researchView } from '../research-view';

const R = 'run-1';
const line = (event: DeepResearchEvent): StreamEvent => ({ kind: 'deep_research', event });
const run = (lines: StreamEvent[], from: ResearchRun = emptyRun) => lines.reduce(applyResearchLine, from);
const plan = (...tasks: [string, string][]): DeepResearchEvent => ({ research_id: R, stage: 'planning', title: 'Revenue', plan: tasks.map(([task_id, content]) => ({ task_id, content })) });
const exec = (task_id: string, task_status: 'pending' | 'begin' | 'in_progress' | 'done' | 'failed', call?: string): DeepResearchEvent => ({
  research_id: R,
  stage: 'execution',
  task_id,
  task_status,
  ...(call ? { tool_call_id: call, tool_name: 'search_documents', capability: 'document search', args_json: '{"query":"revenue"}' } : {}),
});

describe('the research run reducer', () => {
  it('follows the stages in order, counting every event', () => {
    const clarified = run([line({ research_id: R, stage: 'start' }), line({ research_id: R, stage: 'clarification', content: 'Which year?' })]);
    expect(clarified).toMatchObject({ seq: 2, stage: 'clarification', clarification: 'Which year?', turningSeq: 2, outcome: undefined });
    const planned = run([line(plan(['task-1', 'Find the report'], ['task-2', 'Compare']))], clarified);
    expect(planned).toMatchObject({ seq: 3, stage: 'planning', title: 'Revenue', turningSeq: 3 });
    expect(planned.tasks.map((task) => [task.taskId, task.content, task.status])).toEqual([
      ['task-1', 'Find the report', 'pending'],
      ['task-2', 'Compare', 'pending'],
    ]);
  });

  it('keeps each task\'s status and its tool calls once each; the approved plan replaces the proposed one', () => {
    const approved = run([line(plan(['task-1', 'Find'], ['task-2', 'Compare'])), line(plan(['task-1', 'Find the 2025 report'], ['task-3', 'Ask the wiki']))]);
    expect(approved.tasks.map((task) => task.taskId)).toEqual(['task-1', 'task-3']);
    const worked = run(
      [line(exec('task-1', 'pending')), line(exec('task-3', 'pending')), line(exec('task-1', 'begin')), line(exec('task-1', 'in_progress', 'call-1')), line(exec('task-1', 'in_progress', 'call-1')), line(exec('task-1', 'done')), line(exec('task-3', 'failed'))],
      approved,
    );
    expect(worked.seq).toBe(9);
    expect(worked.stage).toBe('execution');
    expect(worked.turningSeq).toBe(2);
    expect(worked.tasks.map((task) => [task.taskId, task.status, task.toolCalls.length])).toEqual([
      ['task-1', 'done', 1],
      ['task-3', 'failed', 0],
    ]);
    expect(worked.tasks[0]!.toolCalls[0]).toEqual({ id: 'call-1', toolName: 'search_documents', capability: 'document search', argsJson: '{"query":"revenue"}', result: undefined, error: undefined });
    // A restarted run works a task again from the start.
    expect(run([line(exec('task-1', 'pending'))], worked).tasks[0]!.toolCalls).toEqual([]);
  });

  it('adds what an ended call returned, or why it failed, to the call of the same id', () => {
    const ended = (call: string, outcome: { tool_result: string } | { tool_error: string }): DeepResearchEvent => ({ ...exec('task-1', 'in_progress', call), ...outcome });
    const worked = run([
      line(plan(['task-1', 'Find'])),
      line(exec('task-1', 'in_progress', 'call-1')),
      line(exec('task-1', 'in_progress', 'call-2')),
      line(ended('call-1', { tool_result: 'Annual report 2025.pdf' })),
      line(ended('call-2', { tool_error: 'The wiki did not answer in time.' })),
      // An ended call whose start was not received (a reconnect) still counts once.
      line(ended('call-3', { tool_result: '' })),
    ]);
    expect(worked.tasks[0]!.toolCalls.map((call) => [call.id, call.result, call.error])).toEqual([
      ['call-1', 'Annual report 2025.pdf', undefined],
      ['call-2', undefined, 'The wiki did not answer in time.'],
      ['call-3', '', undefined],
    ]);
  });

  it('joins the report pieces in order and ends with the stream\'s last line; nothing after it counts', () => {
    const ended = run([
      line({ research_id: R, stage: 'generation', content: 'Revenue grew ' }),
      line({ research_id: R, stage: 'generation', content: 'by 12 % [1].' }),
      line({ research_id: R, stage: 'end' }),
      { kind: 'done' },
      line({ research_id: R, stage: 'generation', content: 'ignored' }),
    ]);
    expect(ended).toMatchObject({ report: 'Revenue grew by 12 % [1].', stage: 'end', seq: 3, turningSeq: 3, outcome: { kind: 'done' } });
    const cancelled = run([line({ research_id: R, stage: 'end' }), { kind: 'error', code: 'cancelled', message: 'Cancelled by the user.' }]);
    expect(cancelled.outcome).toEqual({ kind: 'error', code: 'cancelled', message: 'Cancelled by the user.' });
  });

  it('shows a task that came without a plan, and indents the arguments', () => {
    expect(applyResearchEvent(emptyRun, exec('task-9', 'begin')).tasks).toEqual([{ taskId: 'task-9', content: '', status: 'begin', toolCalls: [] }]);
    expect(prettyArguments('{"query":"revenue","limit":3}')).toBe('{\n  "query": "revenue",\n  "limit": 3\n}');
    expect(prettyArguments('not json')).toBe('not json');
  });
});

describe('the research view', () => {
  it('takes the status from the state, the end of the events, or a final state, in that order of trust', () => {
    const waiting = researchState({ status: 'awaiting_approval', stage: 'planning' });
    expect(researchView(waiting, emptyRun)).toMatchObject({ status: 'awaiting_approval', stage: 'planning', final: false, steps: ['start', 'planning', 'execution', 'generation', 'end'] });
    const cancelledByEvents = run([line({ research_id: R, stage: 'end' }), { kind: 'error', code: 'cancelled', message: 'Stopped.' }]);
    expect(researchView(researchState({ status: 'running' }), cancelledByEvents)).toMatchObject({ status: 'cancelled', stage: 'end', error: 'Stopped.', final: true });
    expect(researchView(undefined, emptyRun)).toMatchObject({ status: 'running', stage: 'start' });
    const asked = researchView(researchState({ status: 'awaiting_clarification', stage: 'clarification', clarification: { question: 'Which year?', answer: null } }), emptyRun);
    expect(asked.steps).toEqual(['start', 'clarification', 'planning', 'execution', 'generation', 'end']);
    expect(asked.clarification).toBe('Which year?');
  });

  it('shows a failed task\'s reason from the state beside the live status, and the stored report once completed', () => {
    const events = run([line(plan(['task-1', 'Find'])), line(exec('task-1', 'failed'))]);
    const state = researchState({ status: 'completed', stage: 'end', tasks: [{ task_id: 'task-1', content: 'Find', status: 'failed', error: 'The model failed.' }], report: 'The report.' });
    expect(researchView(state, events)).toMatchObject({ status: 'completed', report: 'The report.', tasks: [{ taskId: 'task-1', status: 'failed', error: 'The model failed.' }] });
  });
});

describe('the edited plan', () => {
  it('goes as the contract wants it: kept tasks with their id, new ones without', () => {
    expect(
      checkPlan([
        { key: 'task-1', taskId: 'task-1', content: 'Find' },
        { key: 'new-1', taskId: undefined, content: ' New task ' },
      ]),
    ).toEqual({ ok: true, approval: { plan: [{ task_id: 'task-1', content: 'Find' }, { content: 'New task' }], approve: true } });
  });

  it('names the empty task and an empty plan', () => {
    expect(checkPlan([{ key: 'a', taskId: 'a', content: 'ok' }, { key: 'b', taskId: undefined, content: '  ' }])).toEqual({ ok: false, taskErrors: { 1: 'Must not be empty' }, planError: undefined });
    expect(checkPlan([])).toEqual({ ok: false, taskErrors: {}, planError: 'A plan needs at least one task' });
  });
});
