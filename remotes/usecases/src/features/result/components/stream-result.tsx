import { Button, EmptyState, Markdown, Spinner } from '@assistant/ui';
import { copyTextWithNotice, useFlag } from '@assistant/platform';
import { useId, useRef, useState } from 'react';
import { useNavigate } from '@assistant/routing';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { UseCaseStream } from '../model/failure';
import { handToCanvas } from '../model/hand-to-canvas';
import { FailureAlert } from './failure-alert';
import { ResultRating, type ResultRatingProps } from './result-rating';

const COPY_NOTICES = { copied: { key: 'result.copied', ns: NAMESPACE }, unavailable: { key: 'result.copyUnavailable', ns: NAMESPACE } };

export interface StreamResultProps {
  stream: UseCaseStream;
  /** The result's heading ("Summary", "Text", "Result"). */
  title: string;
  /** The language the result is written in. */
  lang?: string;
  emptyText: string;
  /** The canvas's title when the result is opened in the chat's canvas (with the chat switched on). */
  canvasTitle?: string;
  /** A written result is rated under this feature, with what was asked (thumbs up or down). */
  rateAs?: Omit<ResultRatingProps, 'answer'>;
}

/**
 * The streamed answer of a use case: the Markdown as it arrives, stop while it runs, copy (and
 * open in the chat's canvas) when there is text, the failure as an alert, and a polite announcement when it starts and ends (never
 * the text token by token).
 */
export function StreamResult({ stream, title, lang, emptyText, canvasTitle, rateAs }: StreamResultProps) {
  const { t } = useTranslation(NAMESPACE);
  const { status, output, failure, progress, stop } = stream;
  const headingId = useId();
  const navigate = useNavigate();
  const chatOn = useFlag('enableChat');
  const [handoffFailed, setHandoffFailed] = useState(false);
  const openInCanvas = () => {
    const path = handToCanvas(canvasTitle ?? title, output);
    if (path) void navigate(path);
    else setHandoffFailed(true);
  };
  const outputRef = useRef<HTMLDivElement>(null);
  const running = status === 'running';
  // While the parts are read and merged nothing streams yet: say how far it has got.
  const working = running && output === '' && progress ? progressText(t, progress) : null;
  const announcement =
    status === 'running' ? (working ?? t('result.writing')) : status === 'done' ? t('result.done') : status === 'stopped' ? t('result.stopped') : status === 'failed' ? t('result.failed') : '';
  const selectOutput = () => {
    if (outputRef.current) window.getSelection()?.selectAllChildren(outputRef.current);
  };

  return (
    <section className="usecases__result" aria-labelledby={headingId} aria-busy={running || undefined}>
      <div className="usecases__result-header">
        <h2 id={headingId}>{title}</h2>
        <div className="usecases__actions">
          {running && (
            <Button variant="secondary" size="sm" onClick={stop}>
              {t('result.stop')}
            </Button>
          )}
          {output !== '' && !running && (
            <Button variant="secondary" size="sm" onClick={() => void copyTextWithNotice(output, { ...COPY_NOTICES, select: selectOutput })}>
              {t('result.copy')}
            </Button>
          )}
          {output !== '' && !running && chatOn && canvasTitle !== undefined && (
            <Button variant="secondary" size="sm" onClick={openInCanvas}>
              {t('result.openInCanvas')}
            </Button>
          )}
        </div>
      </div>
      {handoffFailed && (
        <p className="usecases__note" role="alert">
          {t('result.canvasFailed')}
        </p>
      )}
      {failure && <FailureAlert failure={failure} keptOutput={output !== ''} />}
      {working && progress && (
        <div className="usecases__parts" aria-hidden="true">
          <p className="usecases__progress">
            <Spinner size="sm" /> {working}
          </p>
          <progress max={progress.total} value={progress.stage === 'part' ? progress.current - 1 : progress.total} />
          <p className="usecases__hint">{t('result.inParts')}</p>
        </div>
      )}
      {running && output === '' && !working && (
        <p className="usecases__progress" aria-hidden="true">
          <Spinner size="sm" /> {t('result.writing')}
        </p>
      )}
      {output !== '' ? (
        <div ref={outputRef} className="usecases__output" lang={lang}>
          <Markdown text={output} streaming={running} headingOffset={2} />
        </div>
      ) : status === 'stopped' ? (
        // Stopped while the parts were read: say so where the text would be, not "nothing here yet".
        <p className="usecases__note">{t('result.stoppedEmpty')}</p>
      ) : (
        !running && !failure && <EmptyState headingLevel={3} title={t('result.emptyTitle')} text={emptyText} />
      )}
      {status === 'stopped' && output !== '' && <p className="usecases__note">{t('result.stoppedVisible')}</p>}
      {/* Mounted anew with each written result, so each run is rated on its own. */}
      {rateAs && output !== '' && (status === 'done' || status === 'stopped') && <ResultRating {...rateAs} answer={output} />}
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

/** "Teil 3 von 12 wird gelesen …", "Die Teile werden zusammengeführt …" (and the step when merged in groups). */
function progressText(t: ReturnType<typeof useTranslation>['t'], progress: NonNullable<UseCaseStream['progress']>): string {
  if (progress.stage === 'part') return t('result.part', { current: progress.current, total: progress.total });
  return progress.total > 1 ? t('result.combineStep', { current: progress.current, total: progress.total }) : t('result.combine');
}
