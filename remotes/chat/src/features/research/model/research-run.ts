import type { DeepResearchEvent, DeepResearchStage, StreamEvent, TaskStatus } from '@assistant/contracts';

/**
 * A research run as its events tell it (docs/deep-research.md "Stages and statuses"), reduced by
 * pure functions: the hook follows GET research/{id}/events and keeps the newest run. Events are
 * numbered without gaps, so `seq` (the events received) is where a reconnect goes on from.
 */

/** One tool call of a task, as the execution events named it. */
export interface RunToolCall {
  id: string;
  toolName: string;
  capability: string | undefined;
  /** The arguments as the model wrote them (JSON text). */
  argsJson: string | undefined;
  /** What the call returned, as text ('' when it found nothing); undefined until it ended (or when it failed). */
  result: string | undefined;
  /** Why the call failed, written for the user; undefined unless it failed. */
  error: string | undefined;
}

export interface RunTask {
  taskId: string;
  content: string;
  status: TaskStatus;
  toolCalls: readonly RunToolCall[];
}

export interface ResearchRun {
  /** The `deep_research` lines received: the next follow asks for `after=seq`. */
  seq: number;
  /** The latest stage; undefined before the first event. */
  stage: DeepResearchStage | undefined;
  clarification: string | undefined;
  title: string | undefined;
  tasks: readonly RunTask[];
  /** The report's pieces so far, joined. */
  report: string;
  /** How the stream ended (after `end`): `done`, or `error` with the run's reason. */
  outcome: { kind: 'done' } | { kind: 'error'; code: string; message: string } | undefined;
  /**
   * The seq of the last event after which the run's state (GET research/{id}) changed its status:
   * a clarification, a plan, the end. A state read before it is out of date.
   */
  turningSeq: number;
}

export const emptyRun: ResearchRun = {
  seq: 0,
  stage: undefined,
  clarification: undefined,
  title: undefined,
  tasks: [],
  report: '',
  outcome: undefined,
  turningSeq: 0,
};

/** Stages after which the run's status changes (the state is to be read again). */
export const TURNING_STAGES: readonly DeepResearchStage[] = ['clarification', 'planning', 'end'];

/** The run after one event of it. */
export function applyResearchEvent(run: ResearchRun, event: DeepResearchEvent): ResearchRun {
  const seq = run.seq + 1;
  const next: ResearchRun = { ...run, seq, stage: event.stage, turningSeq: TURNING_STAGES.includes(event.stage) ? seq : run.turningSeq };
  switch (event.stage) {
    case 'clarification':
      return { ...next, clarification: event.content };
    case 'planning': {
      // The plan proposed, and again as approved: tasks kept by id keep what they did.
      const known = new Map(run.tasks.map((task) => [task.taskId, task]));
      const tasks = event.plan.map(
        (task): RunTask => ({ ...(known.get(task.task_id) ?? { status: 'pending', toolCalls: [] }), taskId: task.task_id, content: task.content }),
      );
      return { ...next, title: event.title, tasks };
    }
    case 'execution': {
      const found = run.tasks.some((task) => task.taskId === event.task_id);
      const tasks = found ? run.tasks : [...run.tasks, { taskId: event.task_id, content: '', status: event.task_status, toolCalls: [] }];
      return {
        ...next,
        tasks: tasks.map((task) => {
          if (task.taskId !== event.task_id) return task;
          // `pending` again: a restarted run works the task from the start.
          const calls = event.task_status === 'pending' ? [] : task.toolCalls;
          return { ...task, status: event.task_status, toolCalls: withToolCall(calls, event) };
        }),
      };
    }
    case 'generation':
      return { ...next, report: run.report + event.content };
    default:
      return next;
  }
}

type ExecutionEvent = Extract<DeepResearchEvent, { stage: 'execution' }>;

/**
 * The task's calls after an execution event: a call is named when it starts and told again under
 * the same id when it ended (its result or its error); an ended call's event may come alone.
 */
function withToolCall(calls: readonly RunToolCall[], event: ExecutionEvent): readonly RunToolCall[] {
  const id = event.tool_call_id;
  if (id === undefined) return calls;
  const known = calls.find((call) => call.id === id);
  const ended = { ...(event.tool_result !== undefined ? { result: event.tool_result } : {}), ...(event.tool_error !== undefined ? { error: event.tool_error } : {}) };
  if (!known) return [...calls, { ...toolCallOf(event), ...ended }];
  if (Object.keys(ended).length === 0) return calls;
  return calls.map((call) => (call === known ? { ...call, ...ended } : call));
}

function toolCallOf(event: ExecutionEvent): RunToolCall {
  return { id: event.tool_call_id!, toolName: event.tool_name ?? '', capability: event.capability, argsJson: event.args_json, result: undefined, error: undefined };
}

/**
 * The run after one line of its event stream: `deep_research` events, then `done` or `error`.
 * Anything else (not sent on this stream) and lines after the end change nothing.
 */
export function applyResearchLine(run: ResearchRun, line: StreamEvent): ResearchRun {
  if (run.outcome) return run;
  switch (line.kind) {
    case 'deep_research':
      return applyResearchEvent(run, line.event);
    case 'done':
      return { ...run, outcome: { kind: 'done' } };
    case 'error':
      return { ...run, outcome: { kind: 'error', code: line.code, message: line.message } };
    default:
      return run;
  }
}

/** The arguments of a tool call as indented JSON text (as written when they are not JSON). */
export function prettyArguments(argsJson: string | undefined): string {
  if (argsJson === undefined) return '';
  try {
    return JSON.stringify(JSON.parse(argsJson), null, 2);
  } catch {
    return argsJson;
  }
}
