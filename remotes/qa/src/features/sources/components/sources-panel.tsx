import type { QaSource } from '@assistant/contracts';
import { errorMessageFor, errorMessageKey } from '@assistant/platform';
import { ErrorState, Spinner } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { AnswerSourcesState } from '../hooks/use-answer-sources';
import { locationOf } from '../model/source-facts';
import { SourceItem } from './source-item';

export interface SourcesPanelProps {
  state: AnswerSourcesState;
  onRetry(): void;
  /** The id of source n's entry (the answer's citations link to it). */
  anchorOf(n: number): string;
  /** Open source n (counted from 1) in the document preview. */
  onOpen(n: number): void;
  /** How many documents the answer was given (shown while the sources are computed). */
  documentCount: number;
  /** The source numbers the answer cites (from 1); the others are listed apart, folded. */
  cited: readonly number[];
}

/** The sources of the shown answer: computing, the list, or why there is none. */
export function SourcesPanel({ state, onRetry, anchorOf, onOpen, documentCount, cited }: SourcesPanelProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.language === 'en' ? 'en' : 'de';
  const headingId = useId();
  if (state.status === 'none') return null;
  return (
    <section className="qa-sources" aria-labelledby={headingId} aria-busy={state.status === 'computing' || undefined}>
      <h2 id={headingId}>{t('sources.heading')}</h2>
      {state.status === 'computing' && (
        <div className="qa-sources__computing">
          <Spinner size="sm" />
          <div>
            <p className="qa-sources__computing-title">{t('sources.computing')}</p>
            <p className="qa-sources__computing-text">{t('sources.computingText', { count: documentCount })}</p>
          </div>
        </div>
      )}
      {state.status === 'failed' && <p className="qa-sources__none">{t('sources.failed')}</p>}
      {state.status === 'error' && (
        <ErrorState
          headingLevel={3}
          title={t('sources.error')}
          message={errorMessageFor(errorMessageKey(state.error), language)}
          onRetry={onRetry}
          retryLabel={t('sources.retry')}
        />
      )}
      {state.status === 'ready' && <SourceLists sources={state.sources} anchorOf={anchorOf} onOpen={onOpen} cited={cited} />}
    </section>
  );
}

interface SourceListsProps {
  sources: readonly QaSource[];
  anchorOf(n: number): string;
  onOpen(n: number): void;
  cited: readonly number[];
}

/**
 * The sources the answer cites, in their numbers' order; the other passages the model was given
 * (found, but not cited) follow folded, so the numbers stay those of the citations.
 */
function SourceLists({ sources, anchorOf, onOpen, cited }: SourceListsProps) {
  const { t } = useTranslation(NAMESPACE);
  const numbered = sources.map((source, index) => ({ n: index + 1, source }));
  const citedSet = new Set(cited);
  const shown = citedSet.size === 0 ? numbered : numbered.filter(({ n }) => citedSet.has(n));
  const others = citedSet.size === 0 ? [] : numbered.filter(({ n }) => !citedSet.has(n));
  const items = (list: typeof numbered) =>
    list.map(({ n, source }) => (
      <SourceItem key={n} n={n} source={source} anchorId={anchorOf(n)} canOpen={locationOf(source) !== null} onOpen={() => onOpen(n)} />
    ));
  return (
    <>
      {shown.length > 0 && (
        <ol className="qa-sources__list" aria-label={t('sources.listLabel', { count: shown.length })}>
          {items(shown)}
        </ol>
      )}
      {others.length > 0 && (
        <details className="qa-sources__others">
          <summary>{t('sources.others', { count: others.length })}</summary>
          <ol className="qa-sources__list" aria-label={t('sources.others', { count: others.length })}>
            {items(others)}
          </ol>
        </details>
      )}
    </>
  );
}
