import { ApiRequestError } from '@assistant/platform';
import { RESEARCH_TASK_MAX_CHARACTERS, type ResearchState } from '@assistant/contracts';
import { Button, PlusIcon, TextArea } from '@assistant/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useApproveResearchPlan } from '../api/approve-research-plan';
import { checkPlan, draftOf, type DraftTask } from '../model/plan-draft';

export interface PlanEditorProps {
  researchId: string;
  title: string | undefined;
  tasks: ResearchState['tasks'];
  announce?: (text: string) => void;
}

/**
 * The proposed plan to edit and approve: each task in its own field with Remove, "Add task",
 * "Approve plan". Checked with the contract before it is sent (the complaint at the field, or
 * about the whole plan below the list); the server's refusal (400, 409) is shown with its message.
 * After a removal the focus goes to the next task (else the previous, else "Add task"); an added
 * task gets the focus.
 */
export function PlanEditor({ researchId, title, tasks, announce }: PlanEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const [draft, setDraft] = useState<DraftTask[]>(() => draftOf(tasks));
  const [errors, setErrors] = useState<{ tasks: Readonly<Record<number, string>>; plan: string | undefined }>({ tasks: {}, plan: undefined });
  const approve = useApproveResearchPlan(researchId);
  const headingId = useId();
  const planErrorId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  /** The task whose field gets the focus after the next render (added, or next to a removed one). */
  const [focusKey, setFocusKey] = useState<string | null>();

  useEffect(() => {
    if (focusKey === undefined) return;
    if (focusKey === null) addRef.current?.focus();
    else listRef.current?.querySelector<HTMLTextAreaElement>(`textarea[data-task="${CSS.escape(focusKey)}"]`)?.focus();
    setFocusKey(undefined);
  }, [focusKey]);

  const change = (key: string, content: string) => setDraft((current) => current.map((task) => (task.key === key ? { ...task, content } : task)));
  const remove = (index: number) => {
    const next = draft.filter((_, position) => position !== index);
    setDraft(next);
    setErrors({ tasks: {}, plan: undefined });
    setFocusKey((next[index] ?? next[index - 1])?.key ?? null);
    announce?.(t('research.plan.removed', { number: index + 1 }));
  };
  const add = () => {
    const key = `new-${crypto.randomUUID()}`;
    setDraft((current) => [...current, { key, taskId: undefined, content: '' }]);
    setFocusKey(key);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (approve.isPending) return;
    const checked = checkPlan(draft);
    if (!checked.ok) {
      setErrors({ tasks: checked.taskErrors, plan: checked.planError });
      const first = Object.keys(checked.taskErrors).map(Number).sort((a, b) => a - b)[0];
      if (first !== undefined) setFocusKey(draft[first]!.key);
      return;
    }
    setErrors({ tasks: {}, plan: undefined });
    approve.mutate(checked.approval);
  };
  const serverMessage =
    approve.error instanceof ApiRequestError && approve.error.body?.message ? approve.error.body.message : approve.error ? t('research.plan.failedUnknown') : undefined;

  return (
    <form className="research__plan" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h5 id={headingId} className="research__section-title">
        {t('research.plan.heading')}
        {title ? `: ${title}` : ''}
      </h5>
      <p className="research__hint">{t('research.plan.intro')}</p>
      <ol className="research__plan-tasks" ref={listRef}>
        {draft.map((task, index) => (
          <li key={task.key} className="research__plan-task">
            <TextArea
              label={t('research.plan.task', { number: index + 1 })}
              value={task.content}
              rows={2}
              maxLength={RESEARCH_TASK_MAX_CHARACTERS}
              error={errors.tasks[index]}
              data-task={task.key}
              onChange={(event) => change(task.key, event.target.value)}
            />
            <Button variant="ghost" size="sm" onClick={() => remove(index)}>
              {t('research.plan.remove', { number: index + 1 })}
            </Button>
          </li>
        ))}
      </ol>
      {errors.plan && (
        <p id={planErrorId} className="research__error" role="alert">
          {errors.plan}
        </p>
      )}
      {serverMessage && (
        <p className="research__error" role="alert">
          {t('research.plan.failed', { message: serverMessage })}
        </p>
      )}
      <div className="research__plan-actions">
        <Button ref={addRef} variant="secondary" size="sm" icon={<PlusIcon />} onClick={add}>
          {t('research.plan.add')}
        </Button>
        <Button type="submit" size="sm" loading={approve.isPending} aria-describedby={errors.plan ? planErrorId : undefined}>
          {t('research.plan.approve')}
        </Button>
      </div>
    </form>
  );
}
