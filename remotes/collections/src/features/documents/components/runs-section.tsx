import type { IngestionRun } from '@assistant/contracts';
import { formatLongDate, formatShortDate, useLocale } from '@assistant/platform';
import { Badge, Button, ErrorState, Loading, VisuallyHidden, type BadgeProps } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { useIngestionRuns } from '../hooks/use-ingestion-runs';
import { NAMESPACE } from '../../../namespace';
import { dataCodeText } from './data-code-text';

const VARIANTS: Record<IngestionRun['status'], NonNullable<BadgeProps['variant']>> = {
  created: 'neutral',
  running: 'info',
  completed: 'success',
  failed: 'error',
};

export interface RunsSectionProps {
  collectionId: string;
  /** Changes whenever the files change (filesSignature): the runs are asked again then. */
  changeKey: string;
}

/** The collection's ingestion runs, newest first, ten per page with previous and next page. */
export function RunsSection({ collectionId, changeKey }: RunsSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const runs = useIngestionRuns(collectionId, changeKey);

  let content;
  if (runs.status === 'failed') content = <ErrorState headingLevel={3} title={t('runs.loadError')} onRetry={runs.reload} retryLabel={t('runs.reload')} />;
  else if (!runs.data) content = <Loading label={t('runs.loading')} showLabel />;
  else if (runs.data.total === 0) content = <p className="runs-section__empty">{t('runs.empty')}</p>;
  else
    content = (
      <>
        <div className="documents-table-scroll">
          <table className="documents-table">
            <caption>
              <VisuallyHidden>{t('runs.caption', { page: runs.page, pages: runs.pages })}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('runs.table.file')}</th>
                <th scope="col">{t('runs.table.status')}</th>
                <th scope="col">{t('runs.table.error')}</th>
                <th scope="col">{t('runs.table.date')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.runs.map((run, index) => {
                const created = run.metadata?.createdAt;
                const error = run.errors?.[0];
                return (
                  <tr key={run.id ?? `${runs.page}-${index}`}>
                    <th scope="row" className="documents-table__name">
                      {run.metadata?.fileName ?? run.metadata?.name ?? t('runs.unknownFile')}
                    </th>
                    <td>
                      <Badge variant={VARIANTS[run.status]}>{t(`runs.status.${run.status}`)}</Badge>
                    </td>
                    <td>{error ? dataCodeText(t, error) : <><span aria-hidden="true">–</span><VisuallyHidden>{t('runs.noError')}</VisuallyHidden></>}</td>
                    <td>
                      {created ? (
                        <time dateTime={created} title={formatLongDate(created, { language })}>
                          {formatShortDate(created, { language })}
                        </time>
                      ) : (
                        '–'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {runs.pages > 1 && (
          <nav className="runs-section__pages" aria-label={t('runs.pagesLabel')}>
            {/* aria-disabled, not disabled: the button keeps the focus on the first and last page. */}
            <Button size="sm" variant="secondary" aria-disabled={runs.page <= 1} onClick={() => runs.page > 1 && runs.setPage(runs.page - 1)}>
              {t('runs.previous')}
            </Button>
            <span aria-live="polite">{t('runs.page', { page: runs.page, pages: runs.pages })}</span>
            <Button size="sm" variant="secondary" aria-disabled={runs.page >= runs.pages} onClick={() => runs.page < runs.pages && runs.setPage(runs.page + 1)}>
              {t('runs.next')}
            </Button>
          </nav>
        )}
      </>
    );

  return (
    <section className="runs-section" aria-labelledby="collection-runs-heading">
      <h2 id="collection-runs-heading">{t('runs.heading')}</h2>
      {content}
    </section>
  );
}
