import { RETENTION_KINDS, type RetentionRun } from '@assistant/contracts';
import { errorMessageText, formatLongDate, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { Badge, Button, ListStates, type BadgeProps } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { useRetentionRunsQuery } from './api/get-retention-runs';
import { useStartRetentionRun } from './api/start-retention-run';

const STATUS_VARIANT: Record<RetentionRun['status'], BadgeProps['variant']> = { running: 'info', done: 'success', failed: 'error' };

/** The latest runs (when, status, who started it, what each deleted by kind) and "Run now". */
export function RetentionRuns() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const query = useRetentionRunsQuery();
  const start = useStartRetentionRun();
  const runs = query.data ?? [];
  const number = new Intl.NumberFormat(language);
  const running = runs.some((run) => run.status === 'running');

  const runNow = () =>
    start.mutate(undefined, {
      onSuccess: () => notifySuccess({ message: { key: 'GOVERNANCE_RETENTION.runStarted', ns: SHELL_NAMESPACE } }),
      onError: (error) => notifyError(error),
    });

  return (
    <section className="retention-runs" aria-labelledby="retention-runs-title">
      <div className="retention-runs__header">
        <h2 id="retention-runs-title">{t('GOVERNANCE_RETENTION.runsTitle')}</h2>
        <Button variant="secondary" loading={start.isPending || running} disabled={running} onClick={runNow}>
          {t('GOVERNANCE_RETENTION.runNow')}
        </Button>
      </div>
      <ListStates
        list={{
          status: query.isPending ? 'loading' : query.isError ? 'failed' : 'ready',
          error: query.isError ? errorMessageText(query.error, language) : undefined,
          reloading: query.isFetching,
          reload: () => void query.refetch(),
        }}
        texts={{ loading: t('GOVERNANCE_RETENTION.runsLoading'), failed: t('GOVERNANCE_RETENTION.runsFailed'), retry: t('GOVERNANCE_RETENTION.retry') }}
        empty={runs.length === 0 ? { title: t('GOVERNANCE_RETENTION.noRuns') } : null}
      >
        <ol className="retention-runs__list" aria-label={t('GOVERNANCE_RETENTION.runsLabel')}>
          {runs.map((run) => {
            const deleted = RETENTION_KINDS.filter((kind) => (run.deleted[kind] ?? 0) > 0);
            return (
              <li key={run.id} className="retention-run">
                <div className="retention-run__head">
                  <time dateTime={run.started_at}>{formatLongDate(run.started_at, { language })}</time>
                  <Badge variant={STATUS_VARIANT[run.status]}>{t(`GOVERNANCE_RETENTION.status.${run.status}`)}</Badge>
                </div>
                <p className="retention-run__meta">
                  {run.requested_by === null ? t('GOVERNANCE_RETENTION.scheduled') : t('GOVERNANCE_RETENTION.requestedBy', { who: run.requested_by_name ?? run.requested_by })}
                  {run.finished_at && <> · {t('GOVERNANCE_RETENTION.finishedAt', { time: formatLongDate(run.finished_at, { language }) })}</>}
                </p>
                {deleted.length === 0 ? (
                  <p className="retention-run__nothing">{t('GOVERNANCE_RETENTION.deletedNothing')}</p>
                ) : (
                  <ul className="retention-run__deleted" aria-label={t('GOVERNANCE_RETENTION.deletedLabel')}>
                    {deleted.map((kind) => (
                      <li key={kind}>
                        {t('GOVERNANCE_RETENTION.deletedCount', { kind: t(`GOVERNANCE_RETENTION.kinds.${kind}`), count: number.format(run.deleted[kind] ?? 0) })}
                      </li>
                    ))}
                  </ul>
                )}
                {run.error && <p className="retention-run__error">{t('GOVERNANCE_RETENTION.runError', { error: run.error })}</p>}
              </li>
            );
          })}
        </ol>
      </ListStates>
    </section>
  );
}
