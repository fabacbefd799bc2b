import { FINAL_RESEARCH_STATUSES, type DeepResearchStage, type ResearchState, type ResearchStatus, type TaskStatus } from '@assistant/contracts';
import type { ResearchRun, RunToolCall } from './research-run';

/** A task as the panel shows it: the live status from the events, the error from the state. */
export interface ViewTask {
  taskId: string;
  content: string;
  status: TaskStatus;
  error: string | undefined;
  toolCalls: readonly RunToolCall[];
}

/** What the panel shows of a run: its state (GET research/{id}) brought up to date by the events it followed. */
export interface ResearchView {
  status: ResearchStatus;
  stage: DeepResearchStage;
  /** The stages the stepper lists (clarification only when the run asked one). */
  steps: readonly DeepResearchStage[];
  clarification: string | undefined;
  title: string | undefined;
  tasks: readonly ViewTask[];
  report: string;
  error: string | undefined;
  final: boolean;
}

export const isFinalStatus = (status: ResearchStatus) => FINAL_RESEARCH_STATUSES.includes(status);

/**
 * The status: a final state is final; else the end of the events decides; else the state (read
 * again after each turn of the run); before it loads, the run works.
 */
function statusOf(state: ResearchState | undefined, run: ResearchRun): ResearchStatus {
  if (state && isFinalStatus(state.status)) return state.status;
  if (run.outcome) return run.outcome.kind === 'done' ? 'completed' : run.outcome.code === 'cancelled' ? 'cancelled' : 'failed';
  return state?.status ?? 'running';
}

export function researchView(state: ResearchState | undefined, run: ResearchRun): ResearchView {
  const status = statusOf(state, run);
  const final = isFinalStatus(status);
  const stage = final ? 'end' : (run.stage ?? state?.stage ?? 'start');
  const clarification = run.clarification ?? state?.clarification?.question ?? undefined;
  const stateTasks = new Map((state?.tasks ?? []).map((task) => [task.task_id, task]));
  const tasks: ViewTask[] =
    run.tasks.length > 0
      ? run.tasks.map((task) => ({ ...task, content: task.content || stateTasks.get(task.taskId)?.content || '', error: stateTasks.get(task.taskId)?.error }))
      : (state?.tasks ?? []).map((task) => ({ taskId: task.task_id, content: task.content, status: task.status, error: task.error, toolCalls: [] }));
  const report = state?.report && final ? state.report : run.report;
  const error = status === 'failed' || status === 'cancelled' ? (state?.error ?? (run.outcome?.kind === 'error' ? run.outcome.message : undefined)) : undefined;
  const steps: DeepResearchStage[] = ['start', ...(clarification !== undefined ? (['clarification'] as const) : []), 'planning', 'execution', 'generation', 'end'];
  return { status, stage, steps, clarification, title: run.title ?? state?.title ?? undefined, tasks, report, error: error ?? undefined, final };
}
