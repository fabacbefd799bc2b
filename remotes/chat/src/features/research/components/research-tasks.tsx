import type { TaskStatus } from '@assistant/contracts';
import { Badge, Button } from '@assistant/ui';
import { useId, useState } from 'react';
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
 * tool, what it does, and its arguments as indented text (never parsed as markup). Under each
 * call, once it ended, what it returned (the start of it, the rest on request) or why it failed.
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
    <div className="research__tool-call">
      {/* The classes of the conversation's tool step (message-item.css): one look for every tool call. */}
      <details className="conversation__tool-step">
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
      {call.error !== undefined ? (
        <p className="conversation__tool-error research__tool-outcome">{t('research.tasks.callFailed', { message: call.error })}</p>
      ) : (
        call.result !== undefined && <ToolCallResult text={call.result} />
      )}
    </div>
  );
}

/** A result longer than this shows its start, and the whole text on request. */
const RESULT_PREVIEW_CHARACTERS = 160;

/** What a call returned, as text (a tool's words, never markup): short at first, expandable. */
function ToolCallResult({ text }: { text: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [expanded, setExpanded] = useState(false);
  const resultId = useId();
  if (text.trim() === '') return <p className="conversation__tool-meta research__tool-outcome">{t('research.tasks.resultNothing')}</p>;
  const long = text.length > RESULT_PREVIEW_CHARACTERS;
  return (
    <div className="research__tool-outcome">
      <p id={resultId} className="conversation__tool-result research__tool-result">
        <span className="research__tool-result-label">{t('research.tasks.result')}</span>{' '}
        {long && !expanded ? `${text.slice(0, RESULT_PREVIEW_CHARACTERS).trimEnd()}…` : text}
      </p>
      {long && (
        <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={resultId} onClick={() => setExpanded((open) => !open)}>
          {expanded ? t('research.tasks.resultLess') : t('research.tasks.resultMore')}
        </Button>
      )}
    </div>
  );
}
