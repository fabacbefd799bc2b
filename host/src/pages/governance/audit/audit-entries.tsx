import { AUDIT_ACTIONS, type AuditEntry } from '@assistant/contracts';
import { errorMessageText, formatLongDate, useLocale, useQuery } from '@assistant/platform';
import { Button, EmptyState, ErrorState, Loading } from '@assistant/ui';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { auditPageQuery, type AuditFilters } from './api/get-audit-page';

/** An action's label; an action the page does not know yet (a newer server) shows as recorded. */
export const actionLabel = (t: TFunction, action: string) =>
  (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`GOVERNANCE_AUDIT.actions.${action}`) : action;

/** A state recorded before or after, pretty-printed; rendered as text, never as markup. */
const pretty = (t: TFunction, value: unknown) => (value === null || value === undefined ? t('GOVERNANCE_AUDIT.nothing') : JSON.stringify(value, null, 2));

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const changed = entry.before !== null || entry.after !== null;
  return (
    <tr>
      <td data-label={t('GOVERNANCE_AUDIT.columns.at')}>
        <time dateTime={entry.at}>{formatLongDate(entry.at, { language })}</time>
      </td>
      <td data-label={t('GOVERNANCE_AUDIT.columns.actor')}>
        <span className="audit-log__who">
          <span>{entry.actor.name ?? t('GOVERNANCE_AUDIT.unknownActor')}</span>
          <span className="audit-log__id">{entry.actor.sub}</span>
        </span>
      </td>
      <td data-label={t('GOVERNANCE_AUDIT.columns.action')}>{actionLabel(t, entry.action)}</td>
      <td data-label={t('GOVERNANCE_AUDIT.columns.subject')}>
        <span className="audit-log__who">
          <span>{entry.subject_kind}</span>
          {/* A setting is its own item (budgets/budgets): its name once. */}
          {entry.subject_id !== entry.subject_kind && <span className="audit-log__id">{entry.subject_id}</span>}
        </span>
      </td>
      <td data-label={t('GOVERNANCE_AUDIT.columns.changes')} className="audit-log__changes">
        {changed ? (
          <details>
            <summary>{t('GOVERNANCE_AUDIT.showChanges')}</summary>
            <div className="audit-log__diff">
              <div>
                <strong>{t('GOVERNANCE_AUDIT.before')}</strong>
                <pre>{pretty(t, entry.before)}</pre>
              </div>
              <div>
                <strong>{t('GOVERNANCE_AUDIT.after')}</strong>
                <pre>{pretty(t, entry.after)}</pre>
              </div>
            </div>
          </details>
        ) : (
          t('GOVERNANCE_AUDIT.noChanges')
        )}
      </td>
    </tr>
  );
}

/**
 * The rows of one page: each page its own query, the same one the list loads for its states, so
 * the rows only read it (mounted after the list's load, they would otherwise ask again at once).
 */
function PageRows({ filters, cursor }: { filters: AuditFilters; cursor: string | null }) {
  const page = useQuery({ ...auditPageQuery(filters, cursor), refetchOnMount: false });
  return page.data?.entries.map((entry) => <EntryRow key={entry.id} entry={entry} />) ?? null;
}

/**
 * The records matching `filters`, newest first, page by page: "Load more" adds the page after the
 * last one shown (its `next_cursor`). The first page's states (loading, failed, empty) are the list's.
 */
export function AuditEntries({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useQuery(auditPageQuery(filters, null));
  const last = useQuery(auditPageQuery(filters, cursors.at(-1) ?? null));

  if (first.isPending) return <Loading label={t('GOVERNANCE_AUDIT.loading')} showLabel />;
  const failed = first.isError ? first : last.isError ? last : null;
  if (failed)
    return (
      <ErrorState
        title={t('GOVERNANCE_AUDIT.failed')}
        message={errorMessageText(failed.error, language)}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
        retryLabel={t('GOVERNANCE_AUDIT.retry')}
      />
    );
  if (first.data?.entries.length === 0) return <EmptyState title={t('GOVERNANCE_AUDIT.emptyTitle')} text={t('GOVERNANCE_AUDIT.emptyText')} />;
  const next = last.data?.next_cursor ?? null;
  return (
    <div className="audit-log">
      <table className="ui-table audit-log__table">
        <caption className="ui-visually-hidden">{t('GOVERNANCE_AUDIT.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('GOVERNANCE_AUDIT.columns.at')}</th>
            <th scope="col">{t('GOVERNANCE_AUDIT.columns.actor')}</th>
            <th scope="col">{t('GOVERNANCE_AUDIT.columns.action')}</th>
            <th scope="col">{t('GOVERNANCE_AUDIT.columns.subject')}</th>
            <th scope="col">{t('GOVERNANCE_AUDIT.columns.changes')}</th>
          </tr>
        </thead>
        <tbody>
          {cursors.map((cursor) => (
            <PageRows key={cursor ?? 'first'} filters={filters} cursor={cursor} />
          ))}
        </tbody>
      </table>
      {(next !== null || last.isPending) && (
        <Button variant="secondary" loading={last.isPending} onClick={() => next !== null && setCursors((shown) => [...shown, next])}>
          {t('GOVERNANCE_AUDIT.more')}
        </Button>
      )}
    </div>
  );
}
