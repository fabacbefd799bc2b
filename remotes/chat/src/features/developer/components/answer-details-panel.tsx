import type { AnswerDetails } from '@assistant/contracts';
import { copyTextWithNotice, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import './answer-details-panel.css';

/** Only a web address is linked (the server builds it from TRACE_VIEWER_URL). */
const isWebLink = (url: string | undefined): url is string => url !== undefined && /^https?:\/\//i.test(url);

/**
 * Developer mode's "Details" under an answer (docs/developer-mode.md), folded: the model, tokens
 * in and out, time to first token and total time, the trace (copyable, linked to the trace viewer
 * when configured) and the request id, the passages retrieval gave the model with their scores,
 * and each tool call's raw arguments and result. What the server did not report is said so, never
 * guessed.
 */
export function AnswerDetailsPanel({ details }: { details: AnswerDetails }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const number = new Intl.NumberFormat(language);
  const seconds = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const duration = (ms: number | undefined) =>
    ms === undefined ? t('developer.details.unknown') : ms < 1000 ? t('developer.details.ms', { value: number.format(ms) }) : t('developer.details.s', { value: seconds.format(ms / 1000) });
  const tokens = (count: number | undefined) => (count === undefined ? t('developer.details.unknown') : number.format(count));
  const score = new Intl.NumberFormat(language, { maximumSignificantDigits: 3 });
  const passages = details.passages ?? [];
  const calls = details.tool_calls ?? [];
  return (
    <details className="answer-details">
      <summary>{t('developer.details.summary')}</summary>
      <dl className="answer-details__facts">
        <Fact label={t('developer.details.model')}>
          {details.model ?? t('developer.details.unknown')}
          {details.response_model && ` (${t('developer.details.answeredBy', { model: details.response_model })})`}
        </Fact>
        <Fact label={t('developer.details.tokens')}>
          {t('developer.details.tokensInOut', { input: tokens(details.input_tokens), output: tokens(details.output_tokens) })}
          {details.model_calls !== undefined && details.model_calls > 1 && ` · ${t('developer.details.modelCalls', { count: details.model_calls })}`}
        </Fact>
        <Fact label={t('developer.details.firstToken')}>{duration(details.time_to_first_token_ms)}</Fact>
        <Fact label={t('developer.details.total')}>{duration(details.total_ms)}</Fact>
        <Fact label={t('developer.details.traceId')}>
          {details.trace_id ? (
            <CopyableId value={details.trace_id} copyLabel={t('developer.details.copyTraceId')} copied={t('developer.details.traceIdCopied')}>
              {isWebLink(details.trace_url) && (
                <a href={details.trace_url} target="_blank" rel="noopener noreferrer">
                  {t('developer.details.openTrace')}
                  <span className="ui-visually-hidden"> ({t('developer.details.newTab')})</span>
                </a>
              )}
            </CopyableId>
          ) : (
            t('developer.details.noTrace')
          )}
        </Fact>
        {details.request_id && (
          <Fact label={t('developer.details.requestId')}>
            <CopyableId value={details.request_id} copyLabel={t('developer.details.copyRequestId')} copied={t('developer.details.requestIdCopied')} />
          </Fact>
        )}
      </dl>
      {passages.length > 0 && (
        <section className="answer-details__section">
          <h4>{t('developer.details.passages', { count: passages.length })}</h4>
          <ol className="answer-details__passages">
            {passages.map((passage) => (
              <li key={passage.source_index}>
                <p className="answer-details__passage-head">
                  [{passage.source_index + 1}] {passage.file_name}
                  {passage.page !== undefined && `, ${t('developer.details.page', { page: passage.page })}`} ·{' '}
                  {t('developer.details.score', { score: score.format(passage.score) })}
                </p>
                <blockquote className="answer-details__passage-text">{passage.text}</blockquote>
              </li>
            ))}
          </ol>
        </section>
      )}
      {calls.length > 0 && (
        <section className="answer-details__section">
          <h4>{t('developer.details.toolCalls', { count: calls.length })}</h4>
          <ol className="answer-details__calls">
            {calls.map((call) => (
              <li key={call.call_id}>
                <p className="answer-details__call-name">
                  <code>{call.name}</code>
                </p>
                <h5>{t('developer.details.arguments')}</h5>
                <pre className="answer-details__raw">{call.arguments || '{}'}</pre>
                <h5>{call.error !== undefined ? t('developer.details.error') : t('developer.details.result')}</h5>
                <pre className="answer-details__raw">{call.error ?? call.result ?? ''}</pre>
              </li>
            ))}
          </ol>
        </section>
      )}
    </details>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="answer-details__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** An id in monospace with a copy button (and what else belongs to it, a link). */
function CopyableId({ value, copyLabel, copied, children }: { value: string; copyLabel: string; copied: string; children?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const copy = () => void copyTextWithNotice(value, { copied: { text: copied }, unavailable: { text: t('developer.details.copyUnavailable') } });
  return (
    <span className="answer-details__id">
      <code>{value}</code>
      <Button variant="ghost" size="sm" onClick={copy}>
        {copyLabel}
      </Button>
      {children}
    </span>
  );
}
