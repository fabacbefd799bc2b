import { USAGE_FEATURES, type Locale, type MyUsageResponse } from '@assistant/contracts';
import { myRetentionQuery, myUsageQuery } from '@assistant/endpoints';
import { errorMessageText, useDocumentTitle, useFlag, useLocale, useQuery } from '@assistant/platform';
import { Card, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { BudgetMeter } from './components/budget-meter';
import { MyDataActions } from './components/my-data-actions';
import { RetentionList } from './components/retention-list';
import { UsageTable, type UsageRow } from './components/usage-table';
import { formatCount } from './model/format-usage';
import { addUsageTexts } from './usage-texts';
import './usage.css';

/** A query's place: loading, its failure with a retry, or what `children` makes of its data. */
function QueryState<T>({ query, failed, children }: { query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch(): unknown; data: T | undefined }; failed: string; children(data: T): ReactNode }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  if (query.isPending) return <Loading label={t('USAGE.loading')} />;
  if (query.isError || query.data === undefined) {
    return (
      <ErrorState
        headingLevel={3}
        title={failed}
        message={errorMessageText(query.error, language)}
        onRetry={() => void query.refetch()}
        retryLabel={t('USAGE.retry')}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}

/** This month's figures: totals, the estimated share, then by feature and by model. */
function UsageFiguresView({ usage, language }: { usage: MyUsageResponse; language: Locale }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  if (usage.totals.calls === 0) return <p className="usage-page__muted">{t('USAGE.usage.empty')}</p>;
  const currency = usage.budget?.currency ?? null;
  // In the contract's order of features (chat first), whatever order the server lists them in.
  const byFeature: UsageRow[] = [...usage.by_feature]
    .sort((a, b) => USAGE_FEATURES.indexOf(a.feature) - USAGE_FEATURES.indexOf(b.feature))
    .map((row) => ({ ...row, key: row.feature, label: t(`USAGE.usage.features.${row.feature}`) }));
  const byModel: UsageRow[] = usage.by_model.map((row) => ({ ...row, key: row.model, label: row.model }));
  return (
    <>
      <dl className="usage-page__totals">
        <div>
          <dt>{t('USAGE.usage.calls')}</dt>
          <dd>{formatCount(usage.totals.calls, language)}</dd>
        </div>
        <div>
          <dt>{t('USAGE.usage.tokensIn')}</dt>
          <dd>{formatCount(usage.totals.input_tokens, language)}</dd>
        </div>
        <div>
          <dt>{t('USAGE.usage.tokensOut')}</dt>
          <dd>{formatCount(usage.totals.output_tokens, language)}</dd>
        </div>
      </dl>
      {usage.totals.estimated_tokens > 0 && <p className="usage-page__muted">{t('USAGE.usage.estimated', { count: formatCount(usage.totals.estimated_tokens, language) })}</p>}
      <UsageTable caption={t('USAGE.usage.byFeature')} nameHeader={t('USAGE.usage.feature')} rows={byFeature} currency={currency} language={language} />
      <UsageTable caption={t('USAGE.usage.byModel')} nameHeader={t('USAGE.usage.model')} rows={byModel} currency={currency} language={language} />
      <p className="usage-page__muted">{t('USAGE.usage.tokensNote')}</p>
    </>
  );
}

/**
 * `/usage`, "Usage and data" (from the user menu): the signed-in user's usage this month by
 * feature and model and their budget (GET /api/usage/me), how long their data is kept (GET
 * /api/me/retention), and their data to download (GET /api/me/export) or delete (DELETE
 * /api/me/conversations). Browser-kept conversations are not on the server, and the page says so.
 */
export function UsagePage() {
  // Before the first translation: the page's texts come with its chunk.
  useState(addUsageTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('USAGE.title'));
  const language = useLocale();
  const usage = useQuery(myUsageQuery());
  const retention = useQuery(myRetentionQuery());
  const browserKept = useFlag('enableLocalChatHistory');

  return (
    <section className="shell-page usage-page">
      <PageHeader title={t('USAGE.title')} description={t('USAGE.description')} />
      <div className="usage-page__cards">
        <Card title={t('USAGE.budget.title')}>
          <QueryState query={usage} failed={t('USAGE.usage.failed')}>
            {(data) => <BudgetMeter budget={data.budget} language={language} />}
          </QueryState>
        </Card>
        <Card title={t('USAGE.usage.title')}>
          <QueryState query={usage} failed={t('USAGE.usage.failed')}>
            {(data) => (
              <>
                <p className="usage-page__muted">{t('USAGE.usage.period', { from: data.period.from })}</p>
                <UsageFiguresView usage={data} language={language} />
              </>
            )}
          </QueryState>
        </Card>
        <Card title={t('USAGE.retention.title')}>
          <QueryState query={retention} failed={t('USAGE.retention.failed')}>
            {(data) => (
              <>
                <RetentionList retention={data} />
                <p className="usage-page__muted">{t('USAGE.retention.explain')}</p>
              </>
            )}
          </QueryState>
        </Card>
        <Card title={t('USAGE.data.title')}>
          <MyDataActions language={language} />
          {browserKept && <p className="usage-page__note">{t('USAGE.retention.browser')}</p>}
        </Card>
      </div>
    </section>
  );
}
