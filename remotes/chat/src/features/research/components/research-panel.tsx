import { Button, Markdown, Spinner, cx } from '@assistant/ui';
import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@assistant/platform';
import { NAMESPACE } from '../../../namespace';
import { MessageSources } from '../../sources';
import { useCancelResearch } from '../api/cancel-research';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds';
import { useResearchRun } from '../hooks/use-research-run';
import { formatElapsed } from '../model/format-elapsed';
import { mediaTypeOfName } from '../model/media-type-of-name';
import { PlanEditor } from './plan-editor';
import { ResearchSteps } from './research-steps';
import { ResearchTasks } from './research-tasks';
import './research.css';

export interface ResearchPanelProps {
  researchId: string;
  /** The answer this panel stands in (the run's current one). */
  messageId: string;
  /** The server's conversation: the report's sources are that answer's sources. */
  conversationId: string | undefined;
  /** Says something politely (the view's live region): the run's status changes. */
  announce?: (text: string) => void;
}

/**
 * A deep research run in place of its answer: the stages, the status with the time it took, the
 * clarifying question, the plan to edit and approve, the tasks with their tool calls, the report
 * (Markdown with its [n] citations) and its sources, and Cancel while it works or waits. It follows
 * the run's events itself (use-research-run), so a conversation opened later shows it where it is.
 */
export function ResearchPanel({ researchId, messageId, conversationId, announce }: ResearchPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const { view, state, stateFailed, reconnecting } = useResearchRun(researchId);
  const cancel = useCancelResearch(researchId);
  const elapsed = useElapsedSeconds(state?.created_at, view.final ? (state?.updated_at ?? state?.created_at) : undefined);

  // Status changes are announced; the status found on opening is not.
  const shown = useRef(view.status);
  useEffect(() => {
    if (shown.current === view.status) return;
    shown.current = view.status;
    announce?.(view.status === 'failed' && view.error ? t('research.failed', { message: view.error }) : t(`research.announce.${view.status}`));
  }, [view.status, view.error, announce, t]);

  const sourcesMessageId = state?.assistant_message_id ?? messageId;
  const documentNameOf = useCallback((index: number) => state?.sources.find((source) => source.index === index)?.file_name, [state]);
  const mediaTypeOf = useCallback((index: number) => mediaTypeOfName(documentNameOf(index)), [documentNameOf]);
  const working = view.status === 'running';
  const canCancel = !view.final;
  const cancelMessage =
    cancel.error instanceof ApiRequestError && cancel.error.body?.message ? cancel.error.body.message : cancel.error ? t('research.cancelFailedUnknown') : undefined;
  const showTasks = view.tasks.length > 0 && (view.stage === 'execution' || view.stage === 'generation' || view.stage === 'end');

  return (
    <section className={cx('research', `research--${view.status}`)} aria-labelledby={headingId} aria-busy={working || undefined}>
      <h4 id={headingId} className="research__title">
        {t('research.heading')}
      </h4>
      <ResearchSteps steps={view.steps} current={view.stage} final={view.final} />
      <p className="research__status">
        {working && <Spinner size="sm" />}
        <span>{t(`research.status.${view.status}`)}</span>
        {elapsed !== undefined && <span className="research__elapsed">{t('research.elapsed', { time: formatElapsed(elapsed) })}</span>}
      </p>
      {reconnecting && <p className="research__hint">{t('research.reconnecting')}</p>}
      {stateFailed && <p className="research__error">{t('research.loadFailed')}</p>}

      {view.clarification !== undefined && (
        <div className="research__clarification">
          <h5 className="research__section-title">{t('research.clarification.heading')}</h5>
          <Markdown text={view.clarification} headingOffset={4} />
          {view.status === 'awaiting_clarification' && <p className="research__hint">{t('research.clarification.hint')}</p>}
        </div>
      )}

      {view.status === 'awaiting_approval' && state && (
        <PlanEditor key={state.updated_at} researchId={researchId} title={view.title} tasks={state.tasks} announce={announce} />
      )}
      {showTasks && <ResearchTasks tasks={view.tasks} />}

      {view.report !== '' && (
        <div className="research__report">
          <h5 className="research__section-title">{t('research.report.heading')}</h5>
          <Markdown text={view.report} streaming={!view.final} headingOffset={4} />
        </div>
      )}
      {view.status === 'failed' && <p className="research__error">{view.error ? t('research.failed', { message: view.error }) : t('research.failedUnknown')}</p>}
      {view.status === 'cancelled' && <p className="research__hint">{t('research.cancelled')}</p>}

      {canCancel && (
        <div className="research__actions">
          <Button variant="secondary" size="sm" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('research.cancel')}
          </Button>
          {cancelMessage && (
            <p className="research__error" role="alert">
              {t('research.cancelFailed', { message: cancelMessage })}
            </p>
          )}
        </div>
      )}
      {view.status === 'completed' && conversationId !== undefined && state && state.sources.length > 0 && (
        <MessageSources conversationId={conversationId} messageId={sourcesMessageId} mediaTypeOf={mediaTypeOf} documentNameOf={documentNameOf} announce={announce} />
      )}
    </section>
  );
}
