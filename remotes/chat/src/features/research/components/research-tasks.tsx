import type { TaskStatus } from '@assistant/contracts';
import { Badge } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { prettyArguments, type RunToolCall } from '../model/research-run';
import { toolCallSummary } from '../model/tool-call-summary';
import type { ViewTask } from '../model/research-view';

const BADGE: Record<TaskStatus, 'neutral' | 'info' | 'primary' | 'success' | 'error'> = {
  pending: 'neutral',
  begin: 'info',
  in_progress: 'primary',
  done: 'success',
  failed: 'error',
};

/**
 * The plan's tasks while and after they are worked on: each with its status as a badge (and a
 * failed one's reason), and its tool calls folded, in the look of an answer's tool step: the
 * tool, what it does, and its arguments as indented text (never parsed as markup).
 */
export function ResearchTasks({ tasks }: { tasks: readonly ViewTask[] }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  return (
    <section className="research__tasks" aria-labelledby={headingId}>
      <h5 id={headingId} className="research__section-title">
        {t('research.tasks.heading')}
      </h5>
      <ol className="research__task-list">
        {tasks.map((task) => (
          <li key={task.taskId} className="research__task">
            <div className="research__task-head">
              <span className="research__task-content">{task.content}</span>
              <Badge variant={BADGE[task.status]}>{t(`research.taskStatus.${task.status}`)}</Badge>
            </div>
            {task.status === 'failed' && task.error && <p className="research__task-error">{t('research.tasks.error', { message: task.error })}</p>}
            {task.toolCalls.map((call) => (
              <ToolCallStep key={call.id} call={call} />
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ToolCallStep({ call }: { call: RunToolCall }) {
  const { t } = useTranslation(NAMESPACE);
  const args = prettyArguments(call.argsJson);
  const builtin = toolCallSummary(call);
  return (
    // The classes of the conversation's tool step (message-item.css): one look for every tool call.
    <details className="conversation__tool-step research__tool-call">
      <summary>
        <span className="conversation__tool-summary">{builtin ? t(builtin.key, builtin.values) : t('research.tasks.call', { name: call.toolName })}</span>
      </summary>
      <dl className="conversation__tool-body research__tool-call-body">
        <dt>{t('research.tasks.tool')}</dt>
        <dd>{call.toolName}</dd>
        {call.capability && (
          <>
            <dt>{t('research.tasks.capability')}</dt>
            <dd>{call.capability}</dd>
          </>
        )}
        {args !== '' && (
          <>
            <dt>{t('research.tasks.arguments')}</dt>
            <dd>
              <pre className="research__tool-args">{args}</pre>
            </dd>
          </>
        )}
      </dl>
    </details>
  );
}
