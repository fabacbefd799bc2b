import { RATING_VALUES, USAGE_FEATURES, type AdminRatingsResponse } from '@assistant/contracts';
import { errorMessageText, formatShortDate, useLocale } from '@assistant/platform';
import { EmptyState, ErrorState, Loading, Select, TextField } from '@assistant/ui';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { UsageChart } from '../usage/usage-chart';
import { periodDays, USAGE_PERIODS, type UsagePeriod } from '../usage/usage-period';
import { useAdminRatingsQuery } from './api/get-admin-ratings';
import { RateBar, RateTable, type RateFormat } from './rate-table';
import { RatingsComments } from './ratings-comments';
import { goodRate, INITIAL_RATINGS_FILTERS, ratingsQueryOf, type RatingsFilters, type RatingsQueryResult } from './ratings-filters';
import { addRatingsTexts } from './ratings-texts';
// The chart is the usage tab's (chart.js, in a chunk both tabs share); its styles come with it.
import '../usage/usage.css';
import './ratings.css';

function rateFormat(language: 'de' | 'en'): RateFormat {
  const tag = language === 'de' ? 'de-DE' : 'en-GB';
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  return { percent: (rate) => (rate === null ? '–' : percent.format(rate)), number: (value) => integer.format(value) };
}

interface FiltersProps {
  filters: RatingsFilters;
  onChange: (next: RatingsFilters) => void;
  today: Date;
  problems: Extract<RatingsQueryResult, { ok: false }>['problems'];
  models: readonly string[];
  agents: readonly { id: string; name: string }[];
}

/** Period, feature, model and agent; each change asks at once. */
function RatingsFiltersForm({ filters, onChange, today, problems, models, agents }: FiltersProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const set = (next: Partial<RatingsFilters>) => onChange({ ...filters, ...next });
  const problem = (field: 'from' | 'to') => (problems[field] ? t(`GOVERNANCE_RATINGS.problems.${problems[field]}`) : undefined);
  return (
    <fieldset className="ratings-filters">
      <legend className="ui-visually-hidden">{t('GOVERNANCE_RATINGS.filters')}</legend>
      <Select
        label={t('GOVERNANCE.period')}
        value={filters.period}
        // The custom period starts as the period shown so far, so the days are only adjusted.
        onChange={(event) => {
          const period = event.target.value as UsagePeriod;
          set(period === 'custom' && filters.period !== 'custom' ? { period, ...periodDays(filters, today) } : { period });
        }}
        options={USAGE_PERIODS.map((period) => ({ value: period, label: t(`GOVERNANCE.periods.${period}`) }))}
      />
      {filters.period === 'custom' && (
        <>
          <TextField type="date" label={t('GOVERNANCE.from')} value={filters.from} onChange={(event) => set({ from: event.target.value })} error={problem('from')} />
          <TextField type="date" label={t('GOVERNANCE.to')} value={filters.to} onChange={(event) => set({ to: event.target.value })} error={problem('to')} />
        </>
      )}
      <Select
        label={t('GOVERNANCE_RATINGS.feature')}
        value={filters.feature}
        onChange={(event) => set({ feature: event.target.value as RatingsFilters['feature'] })}
        options={[{ value: '', label: t('GOVERNANCE_RATINGS.allFeatures') }, ...USAGE_FEATURES.map((feature) => ({ value: feature, label: t(`GOVERNANCE.features.${feature}`) }))]}
      />
      <Select
        label={t('GOVERNANCE_RATINGS.model')}
        value={filters.model}
        onChange={(event) => set({ model: event.target.value })}
        options={[{ value: '', label: t('GOVERNANCE_RATINGS.allModels') }, ...models.map((model) => ({ value: model, label: model }))]}
      />
      <Select
        label={t('GOVERNANCE_RATINGS.agent')}
        value={filters.agent}
        onChange={(event) => set({ agent: event.target.value })}
        options={[{ value: '', label: t('GOVERNANCE_RATINGS.allAgents') }, ...agents.map((agent) => ({ value: agent.id, label: agent.name }))]}
      />
    </fieldset>
  );
}

const agentName = (t: TFunction, agent: { agent_id: string; agent_name: string | null }) => agent.agent_name ?? t('GOVERNANCE_RATINGS.unknownAgent', { id: agent.agent_id });

/** The figures of one answer: totals, the rate by day (chart and table), by model, feature and agent, the reasons and the comments. */
function RatingsReport({ data, format }: { data: AdminRatingsResponse; format: RateFormat }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const total = goodRate(data.totals);
  const dayLabel = (day: string) => formatShortDate(`${day}T00:00:00Z`, { language, timeZone: 'UTC' });
  const rated = data.by_day.filter((day) => day.up + day.down > 0);
  const ranked = [...rated].sort((a, b) => (goodRate(b) ?? 0) - (goodRate(a) ?? 0));
  const best = ranked[0];
  const worst = ranked.at(-1);
  const summary =
    best && worst
      ? t('GOVERNANCE_RATINGS.chartSummary', {
          days: rated.length,
          rate: format.percent(total),
          best: format.percent(goodRate(best)),
          bestDay: dayLabel(best.day),
          worst: format.percent(goodRate(worst)),
          worstDay: dayLabel(worst.day),
        })
      : t('GOVERNANCE_RATINGS.chartEmpty');

  return (
    <div className="ratings-report">
      <section className="ratings-totals" aria-labelledby="ratings-totals-title">
        <h2 id="ratings-totals-title" className="ui-visually-hidden">
          {t('GOVERNANCE_RATINGS.totals')}
        </h2>
        <dl className="ratings-totals__list">
          <div className="ratings-totals__item">
            <dt>{t('GOVERNANCE_RATINGS.goodRate')}</dt>
            <dd>
              <RateBar rate={total} format={format} />
            </dd>
          </div>
          <div className="ratings-totals__item">
            <dt>{t('GOVERNANCE_RATINGS.up')}</dt>
            <dd>{format.number(data.totals.up)}</dd>
          </div>
          <div className="ratings-totals__item">
            <dt>{t('GOVERNANCE_RATINGS.down')}</dt>
            <dd>{format.number(data.totals.down)}</dd>
          </div>
        </dl>
      </section>

      {/* Sections without a name: the scroll areas of their tables are the named regions. */}
      <section className="ratings-card ratings-card--wide">
        <UsageChart
          title={t('GOVERNANCE_RATINGS.overTime')}
          orientation="vertical"
          labels={data.by_day.map((day) => dayLabel(day.day))}
          // A day without ratings has no bar (not a bar at zero).
          values={data.by_day.map((day) => {
            const rate = goodRate(day);
            return rate === null ? Number.NaN : Math.round(rate * 1000) / 10;
          })}
          format={(value) => format.percent(value / 100)}
          summary={summary}
          tableLabel={t('GOVERNANCE_RATINGS.showTable')}
          table={
            <RateTable
              caption={t('GOVERNANCE_RATINGS.overTime')}
              column={t('GOVERNANCE_RATINGS.columns.day')}
              rows={data.by_day.map((day) => ({ key: day.day, label: dayLabel(day.day), up: day.up, down: day.down }))}
              format={format}
            />
          }
        />
      </section>

      <section className="ratings-card">
        <h2>{t('GOVERNANCE_RATINGS.byModel')}</h2>
        <RateTable
          caption={t('GOVERNANCE_RATINGS.byModel')}
          column={t('GOVERNANCE_RATINGS.columns.model')}
          rows={data.by_model.map((row) => ({ key: row.model, label: row.model, up: row.up, down: row.down }))}
          format={format}
        />
      </section>
      <section className="ratings-card">
        <h2>{t('GOVERNANCE_RATINGS.byFeature')}</h2>
        <RateTable
          caption={t('GOVERNANCE_RATINGS.byFeature')}
          column={t('GOVERNANCE_RATINGS.columns.feature')}
          rows={data.by_feature.map((row) => ({ key: row.feature, label: t(`GOVERNANCE.features.${row.feature}`), up: row.up, down: row.down }))}
          format={format}
        />
      </section>
      <section className="ratings-card">
        <h2>{t('GOVERNANCE_RATINGS.byAgent')}</h2>
        {data.by_agent.length === 0 ? (
          <p className="ratings-tab__hint">{t('GOVERNANCE_RATINGS.noAgents')}</p>
        ) : (
          <RateTable
            caption={t('GOVERNANCE_RATINGS.byAgent')}
            column={t('GOVERNANCE_RATINGS.columns.agent')}
            rows={data.by_agent.map((row) => ({ key: row.agent_id, label: agentName(t, row), up: row.up, down: row.down }))}
            format={format}
          />
        )}
      </section>

      <section className="ratings-card">
        <h2>{t('GOVERNANCE_RATINGS.reasons')}</h2>
        {RATING_VALUES.map((rating) => {
          const reasons = data.reasons.filter((reason) => reason.rating === rating).sort((a, b) => b.count - a.count);
          const most = Math.max(1, ...reasons.map((reason) => reason.count));
          const title = t(rating === 'up' ? 'GOVERNANCE_RATINGS.reasonsUp' : 'GOVERNANCE_RATINGS.reasonsDown');
          return (
            <div key={rating} className="ratings-reasons">
              <h3>{title}</h3>
              {reasons.length === 0 ? (
                <p className="ratings-tab__hint">{t('GOVERNANCE_RATINGS.noReasons')}</p>
              ) : (
                <ul className="ratings-reasons__list" aria-label={title}>
                  {reasons.map((reason) => (
                    <li key={reason.reason} className="ratings-reasons__item">
                      <span>{t(`GOVERNANCE_RATINGS.reason.${reason.reason}`)}</span>
                      <span className="ratings-reasons__count">{format.number(reason.count)}</span>
                      <span className="ratings-rate__track" aria-hidden="true">
                        <span className={`ratings-rate__fill ratings-rate__fill--${rating}`} style={{ width: `${Math.round((reason.count / most) * 100)}%` }} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </section>

      <section className="ratings-card ratings-card--wide">
        <h2>{t('GOVERNANCE_RATINGS.comments')}</h2>
        <RatingsComments comments={data.comments} />
      </section>
    </div>
  );
}

/**
 * `/governance/ratings`: the rate of good answers (up / (up + down)) over a period, by day, model,
 * feature and agent, the reasons given and the latest comments, filtered by feature, model and agent.
 */
export default function RatingsTab() {
  // Before the first translation: the tab's texts come with its chunk.
  useState(addRatingsTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const [filters, setFilters] = useState(INITIAL_RATINGS_FILTERS);
  const [today] = useState(() => new Date());
  const checked = ratingsQueryOf(filters, today);
  const query = useAdminRatingsQuery(checked.ok ? checked.query : null);
  // The models and agents to choose from: the period's, whatever else is filtered (the same request without filters).
  const period = checked.ok ? { from: checked.query.from, to: checked.query.to } : null;
  const choices = useAdminRatingsQuery(period).data;
  const models = useMemo(() => [...new Set([...(choices?.by_model.map((row) => row.model) ?? []), ...(filters.model ? [filters.model] : [])])], [choices, filters.model]);
  const agents = useMemo(() => (choices?.by_agent ?? []).map((row) => ({ id: row.agent_id, name: agentName(t, row) })), [choices, t]);
  const format = rateFormat(language);
  const data = query.data;

  return (
    <div className="ratings-tab">
      <p className="ratings-tab__intro">{t('GOVERNANCE_RATINGS.intro')}</p>
      <RatingsFiltersForm filters={filters} onChange={setFilters} today={today} problems={checked.ok ? {} : checked.problems} models={models} agents={agents} />
      {query.isError ? (
        <ErrorState
          title={t('GOVERNANCE_RATINGS.failed')}
          message={errorMessageText(query.error, language)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={t('GOVERNANCE_RATINGS.retry')}
        />
      ) : !data ? (
        checked.ok && <Loading label={t('GOVERNANCE_RATINGS.loading')} showLabel />
      ) : data.totals.up + data.totals.down === 0 && data.comments.length === 0 ? (
        <EmptyState title={t('GOVERNANCE_RATINGS.emptyTitle')} text={t('GOVERNANCE_RATINGS.emptyText')} />
      ) : (
        <RatingsReport data={data} format={format} />
      )}
    </div>
  );
}
