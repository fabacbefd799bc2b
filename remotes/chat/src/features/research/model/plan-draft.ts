import { researchPlanApprovalSchema, type ResearchPlanApproval, type ResearchState } from '@assistant/contracts';

/** A task in the plan editor: `taskId` for a task of the proposed plan, none for one the user added. */
export interface DraftTask {
  /** Stable while editing (React key, focus), also for new tasks. */
  key: string;
  taskId: string | undefined;
  content: string;
}

export function draftOf(tasks: ResearchState['tasks']): DraftTask[] {
  return tasks.map((task) => ({ key: task.task_id, taskId: task.task_id, content: task.content }));
}

/** The approval to send, or the contract's complaints: per task (by index) and about the plan as a whole. */
export type CheckedPlan =
  | { ok: true; approval: ResearchPlanApproval }
  | { ok: false; taskErrors: Readonly<Record<number, string>>; planError: string | undefined };

/** Checks the edited plan with the contract (researchPlanApprovalSchema): kept tasks keep their id, new ones have none. */
export function checkPlan(tasks: readonly DraftTask[]): CheckedPlan {
  const plan = tasks.map((task) => (task.taskId ? { task_id: task.taskId, content: task.content } : { content: task.content }));
  const result = researchPlanApprovalSchema.safeParse({ plan, approve: true });
  if (result.success) return { ok: true, approval: result.data };
  const taskErrors: Record<number, string> = {};
  let planError: string | undefined;
  for (const issue of result.error.issues) {
    const [first, index] = issue.path;
    if (first === 'plan' && typeof index === 'number') taskErrors[index] ??= issue.message;
    else planError ??= issue.message;
  }
  return { ok: false, taskErrors, planError };
}
