import type { HighlightedSourcesItem, InContextSource } from '@assistant/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { groupSources } from '../model/group-sources';
import { SourceGroups } from './message-sources';

/**
 * The sources of an answer in a shared conversation, as its owner saw them when sharing: the
 * same groups, marks and names as under their answer, without "Show in document" (the documents
 * stay theirs; the snapshot carries only the cited passages).
 */
export function SnapshotSources({ sources, documentNameOf }: { sources: readonly HighlightedSourcesItem[]; documentNameOf?: (sourceIndex: number) => string | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const grouped = useMemo(() => groupSources({ highlighted_sources: [...sources] }), [sources]);
  const nameOf = (source: InContextSource) => source.source_name ?? documentNameOf?.(source.source_index) ?? t('sources.unnamed');
  const none = grouped.supporting.length + grouped.conflicting.length === 0;
  return (
    <section className="message-sources" aria-labelledby={headingId}>
      <h4 id={headingId} className="message-sources__title">
        {t('sources.title')}
      </h4>
      {none ? <p className="message-sources__state">{t('sources.none')}</p> : <SourceGroups sources={grouped} nameOf={nameOf} />}
    </section>
  );
}
