import { useAnswerRating } from '@assistant/endpoints';
import { AnswerRating, Badge, Button, Markdown, Spinner } from '@assistant/ui';
import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { QaExchange } from '../../../qa-exchange';
import { linkCitations, sourceNumberOf } from '../model/citation-links';
import { AnswerFailure } from './answer-failure';

export interface AnswerViewProps {
  exchange: QaExchange;
  /** The retrieval is running (before the answer's text). */
  searching: boolean;
  /** The accessible name of citation n's link ("Source 2: report.pdf"). */
  citationLabel(n: number): string;
  /** A citation was followed: open source n (counted from 1). */
  onCitation(n: number): void;
  onCopy(): void;
  /** Shown for 3 s after copying, after the buttons (so none of them moves). */
  copied: boolean;
  onNewQuestion(): void;
  onRetry(): void;
}

/** Thumbs up or down on the answer (docs/qa-ui.md "Rating an answer"). */
function QaAnswerRating({ exchange, traceId }: { exchange: QaExchange; traceId: string }) {
  const rating = useAnswerRating({ target_kind: 'qa_answer', target_id: traceId, feature: 'qa', model: exchange.model }, () => ({
    question: exchange.question,
    answer: exchange.answer,
  }));
  return <AnswerRating {...rating} className="qa-answer__rating" />;
}

/**
 * The question and its answer: Markdown (the ui's safe renderer) with each citation `[n]` as an
 * in-page link to source n, which opens that source instead of following the anchor; a running
 * status while the documents are searched and the answer is written; Stopped or the failure;
 * Copy and New question once it ended.
 */
export function AnswerView({ exchange, searching, citationLabel, onCitation, onCopy, copied, onNewQuestion, onRetry }: AnswerViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const markdown = useMemo(() => linkCitations(exchange.answer), [exchange.answer]);
  const streaming = exchange.status === 'streaming';

  // The renderer opens links in a new tab; citations stay on the page and get a name that says
  // which source they open. Applied again whenever the rendered answer changes.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const apply = () => {
      for (const link of body.querySelectorAll<HTMLAnchorElement>('a[href^="#qa-source-"]')) {
        const n = sourceNumberOf(link.getAttribute('href'));
        if (n === undefined) continue;
        link.removeAttribute('target');
        link.classList.add('qa-answer__citation');
        const label = citationLabel(n);
        if (link.getAttribute('aria-label') !== label) link.setAttribute('aria-label', label);
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [citationLabel]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a');
    const n = sourceNumberOf(link?.getAttribute('href') ?? null);
    if (n === undefined) return;
    event.preventDefault();
    onCitation(n);
  };

  return (
    <article className="qa-answer" aria-labelledby={headingId} aria-busy={streaming || undefined}>
      <h2 id={headingId} className="qa-answer__question">
        {exchange.question}
      </h2>
      {streaming && (searching || exchange.answer === '') && (
        <p className="qa-answer__progress">
          <Spinner size="sm" /> {t(searching || exchange.documents.length === 0 ? 'answer.searching' : 'answer.writing')}
        </p>
      )}
      {/* The links inside are real links (keyboard and screen readers reach them); the click is handled here. */}
      <div ref={bodyRef} className="qa-answer__body" onClick={onClick}>
        {exchange.answer !== '' && <Markdown text={markdown} streaming={streaming} />}
      </div>
      {exchange.status === 'stopped' && <Badge className="qa-answer__badge">{t('answer.stopped')}</Badge>}
      {exchange.status === 'error' && <AnswerFailure code={exchange.errorCode} onRetry={onRetry} />}
      {!streaming && (
        <div className="qa-answer__actions">
          {exchange.answer !== '' && (
            <Button size="sm" variant="secondary" onClick={onCopy}>
              {t('answer.copy')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onNewQuestion}>
            {t('answer.newQuestion')}
          </Button>
          {copied && (
            <span className="qa-answer__copied" aria-hidden="true">
              {t('answer.copied')}
            </span>
          )}
        </div>
      )}
      {/* Rated by its trace, which the server named the answer with (an answer without one was never written). */}
      {!streaming && exchange.status !== 'error' && exchange.answer !== '' && exchange.traceId && <QaAnswerRating exchange={exchange} traceId={exchange.traceId} />}
    </article>
  );
}
