import type { AdminUsageQuery, AdminUsageResponse, UsageFigures } from '@assistant/contracts';
import { useAdminGroupsQuery, useLanguageModelsQuery } from '@assistant/endpoints';
import { errorMessageText, formatShortDate, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { Button, downloadBlob, ListStates, Select } from '@assistant/ui';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { getAdminUsageCsv } from './api/download-admin-usage-csv';
import { useAdminUsageQuery } from './api/get-admin-usage';
import { UsageChart } from './usage-chart';
import { UsageFiguresTable, type UsageFiguresRow } from './usage-figures-table';
import { UsageFiltersForm } from './usage-filters';
import { measureOf, USAGE_MEASURES, usageFormat, type UsageFormat, type UsageMeasure } from './usage-format';
import { usageQueryOf } from './usage-period';
import { addUsageTexts } from './usage-texts';
import { useUsageFilters } from './use-usage-filters';
import './usage.css';

/** A day of the contract (YYYY-MM-DD, UTC) as the interface shows a date. */
const dayText = (day: string, language: 'de' | 'en') => formatShortDate(`${day}T00:00:00Z`, { language, timeZone: 'UTC' });

/** A day on the chart's axis: day and month (28.11. / 28/11), the year is the period's. */
const axisDay = (day: string, language: 'de' | 'en') =>
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * `/governance/usage` (administrators): the filters (kept in the address), the period's totals,
 * charts by day, feature, model and group (each with its table), the top users (the only place
 * names appear) and the same figures as CSV.
 */
export default function UsageTab() {
  useState(addUsageTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  // "This month" and "the last 30 days" end today: the day the tab was opened.
  const [today] = useState(() => new Date());
  const [filters, setFilters] = useUsageFilters();
  const result = usageQueryOf(filters, today);
  const query = result.ok ? result.query : undefined;
  const usage = useAdminUsageQuery(query);
  const groups = useAdminGroupsQuery();
  const offered = useLanguageModelsQuery();

  // The models on offer and those the figures name (a model no longer offered still has usage).
  const models = useMemo(() => {
    const names = new Map((offered.data ?? []).map((model) => [model.id, model.name]));
    for (const { model } of usage.data?.by_model ?? []) if (!names.has(model)) names.set(model, model);
    if (filters.model && !names.has(filters.model)) names.set(filters.model, filters.model);
    return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [offered.data, usage.data, filters.model, language]);

  return (
    <div className="admin-usage-tab">
      <p className="admin-usage-tab__intro">{t('GOVERNANCE_USAGE.intro')}</p>
      <UsageFiltersForm
        filters={filters}
        onChange={setFilters}
        today={today}
        problems={result.ok ? {} : result.problems}
        groups={groups.data ?? []}
        models={models}
      />
      {query && (
        <ListStates
          list={{
            status: usage.isPending ? 'loading' : usage.isError ? 'failed' : 'ready',
            error: usage.isError ? errorMessageText(usage.error, language) : undefined,
            reloading: usage.isFetching,
            reload: () => void usage.refetch(),
          }}
          texts={{ loading: t('GOVERNANCE_USAGE.loading'), failed: t('GOVERNANCE_USAGE.failed'), retry: t('GOVERNANCE_USAGE.retry') }}
          empty={null}
          headingLevel={2}
        >
          {usage.data && <UsageReport query={query} usage={usage.data} updating={usage.isPlaceholderData} />}
        </ListStates>
      )}
    </div>
  );
}

interface UsageReportProps {
  query: AdminUsageQuery;
  usage: AdminUsageResponse;
  /** The figures are the previous filter's while the new ones load. */
  updating: boolean;
}

function UsageReport({ query, usage, updating }: UsageReportProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const [measure, setMeasure] = useState<UsageMeasure>('tokens');
  const [downloading, setDownloading] = useState(false);
  const format = usageFormat(language, usage.currency);
  const from = dayText(query.from, language);
  const to = dayText(query.to, language);

  const download = async () => {
    setDownloading(true);
    try {
      downloadBlob(await getAdminUsageCsv(query), t('GOVERNANCE_USAGE.fileName', { from: query.from, to: query.to }));
      notifySuccess({ message: { key: 'GOVERNANCE_USAGE.downloaded', ns: SHELL_NAMESPACE } });
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  const label = (key: string, text: string, figures: UsageFigures): UsageFiguresRow => ({ key, label: text, figures });
  const days = usage.by_day.map((row) => ({ ...label(row.day, dayText(row.day, language), row), axisLabel: axisDay(row.day, language) }));
  const features = usage.by_feature.map((row) => label(row.feature, t(`GOVERNANCE.features.${row.feature}`), row));
  const models = usage.by_model.map((row) => label(row.model, row.model, row));
  const groups = usage.by_group.map((row) => label(row.group_id, row.group_name, row));
  const people = usage.top_users.map((row) => ({
    key: row.sub,
    label: (
      <span className="admin-usage-person">
        <span>{row.name ?? t('GOVERNANCE_USAGE.unknownPerson', { sub: row.sub })}</span>
        {row.email && <span className="admin-usage-person__email">{row.email}</span>}
      </span>
    ),
    figures: row,
  }));
  const charts = { t, measure, format };

  return (
    <div className="admin-usage-report" aria-busy={updating}>
      <div className="admin-usage-report__bar">
        <p className="admin-usage-report__period">{t('GOVERNANCE_USAGE.periodShown', { from, to })}</p>
        <Select
          className="admin-usage-report__measure"
          label={t('GOVERNANCE_USAGE.measure')}
          value={measure}
          onChange={(event) => setMeasure(event.target.value as UsageMeasure)}
          options={USAGE_MEASURES.map((value) => ({ value, label: t(`GOVERNANCE_USAGE.measures.${value}`) }))}
        />
        <Button variant="secondary" onClick={() => void download()} loading={downloading}>
          {t('GOVERNANCE_USAGE.download')}
        </Button>
      </div>
      <UsageTotals totals={usage.totals} format={format} currency={usage.currency} />
      {usage.totals.calls === 0 ? (
        <div className="admin-usage-report__empty">
          <h2>{t('GOVERNANCE_USAGE.empty')}</h2>
          <p>{t('GOVERNANCE_USAGE.emptyText')}</p>
        </div>
      ) : (
        <>
          <div className="admin-usage-report__charts">
            <ChartOf {...charts} rows={days} title={t('GOVERNANCE_USAGE.byDay')} column={t('GOVERNANCE_USAGE.columns.day')} orientation="vertical" wide />
            <ChartOf {...charts} rows={features} title={t('GOVERNANCE_USAGE.byFeature')} column={t('GOVERNANCE_USAGE.columns.feature')} />
            <ChartOf {...charts} rows={models} title={t('GOVERNANCE_USAGE.byModel')} column={t('GOVERNANCE_USAGE.columns.model')} />
            <ChartOf {...charts} rows={groups} title={t('GOVERNANCE_USAGE.byGroup')} column={t('GOVERNANCE_USAGE.columns.group')} note={t('GOVERNANCE_USAGE.groupNote')} />
          </div>
          <section className="admin-usage-report__people" aria-labelledby="usage-top-users">
            <h2 id="usage-top-users">{t('GOVERNANCE_USAGE.topUsers')}</h2>
            <p className="admin-usage-report__note">{t('GOVERNANCE_USAGE.topUsersNote')}</p>
            <UsageFiguresTable caption={t('GOVERNANCE_USAGE.topUsers')} labelColumn={t('GOVERNANCE_USAGE.columns.person')} rows={people} format={format} />
          </section>
        </>
      )}
    </div>
  );
}

function UsageTotals({ totals, format, currency }: { totals: UsageFigures; format: UsageFormat; currency: string | null }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const tokens = totals.input_tokens + totals.output_tokens;
  return (
    <section aria-labelledby="admin-usage-totals">
      <h2 id="admin-usage-totals" className="ui-visually-hidden">
        {t('GOVERNANCE_USAGE.totals')}
      </h2>
      <dl className="admin-usage-totals">
        <div className="admin-usage-totals__item">
          <dt>{t('GOVERNANCE_USAGE.calls')}</dt>
          <dd>{format.number(totals.calls)}</dd>
        </div>
        <div className="admin-usage-totals__item">
          <dt>{t('GOVERNANCE_USAGE.tokens')}</dt>
          <dd>
            {format.number(tokens)}
            <span className="admin-usage-totals__detail">
              {t('GOVERNANCE_USAGE.tokensDetail', { input: format.number(totals.input_tokens), output: format.number(totals.output_tokens) })}
            </span>
            {totals.estimated_tokens > 0 && (
              <span className="admin-usage-totals__detail">{t('GOVERNANCE_USAGE.estimatedDetail', { estimated: format.number(totals.estimated_tokens) })}</span>
            )}
          </dd>
        </div>
        <div className="admin-usage-totals__item">
          <dt>{t('GOVERNANCE_USAGE.cost')}</dt>
          <dd>{currency && totals.cost !== null ? format.cost(totals.cost) : <span className="admin-usage-totals__none">{t('GOVERNANCE_USAGE.noPrices')}</span>}</dd>
        </div>
        <div className="admin-usage-totals__item">
          <dt>{t('GOVERNANCE_USAGE.minutes')}</dt>
          <dd>{t('GOVERNANCE_USAGE.minutesValue', { minutes: format.minutes(totals.transcription_minutes) })}</dd>
        </div>
      </dl>
    </section>
  );
}

interface ChartOfProps {
  t: TFunction;
  measure: UsageMeasure;
  format: UsageFormat;
  rows: readonly UsageFiguresRow[];
  title: string;
  column: string;
  orientation?: 'vertical' | 'horizontal';
  wide?: boolean;
  note?: string;
}

/** A chart of one breakdown in the chosen measure, its summary in words and its table. */
function ChartOf({ t, measure, format, rows, title, column, orientation = 'horizontal', wide = false, note }: ChartOfProps) {
  const labels = useMemo(() => rows.map((row) => row.axisLabel ?? String(row.label)), [rows]);
  const names = rows.map((row) => String(row.label));
  const values = useMemo(() => rows.map((row) => measureOf(row.figures, measure)), [rows, measure]);
  const show = format.measure(measure);
  const total = values.reduce((sum, value) => sum + value, 0);
  const top = values.reduce((best, value, index) => (value > values[best]! ? index : best), 0);
  const summary =
    total === 0
      ? t('GOVERNANCE_USAGE.chartEmpty', { title })
      : t('GOVERNANCE_USAGE.chartSummary', {
          title,
          measure: t(`GOVERNANCE_USAGE.measures.${measure}`),
          count: rows.length,
          total: show(total),
          label: names[top],
          max: show(values[top]!),
        });
  return (
    <div className={wide ? 'admin-usage-report__chart admin-usage-report__chart--wide' : 'admin-usage-report__chart'}>
      <UsageChart
        title={title}
        labels={labels}
        values={values}
        orientation={orientation}
        format={show}
        summary={summary}
        tableLabel={t('GOVERNANCE_USAGE.showTable')}
        table={<UsageFiguresTable caption={title} labelColumn={column} rows={rows} format={format} />}
      />
      {note && <p className="admin-usage-report__note">{note}</p>}
    </div>
  );
}
