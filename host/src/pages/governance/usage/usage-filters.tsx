import { USAGE_FEATURES } from '@assistant/contracts';
import { Select, TextField } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { periodDays, USAGE_PERIODS, type UsageFilters, type UsagePeriod, type UsageQueryResult } from './usage-period';

interface UsageFiltersFormProps {
  filters: UsageFilters;
  onChange: (next: UsageFilters) => void;
  today: Date;
  problems: Extract<UsageQueryResult, { ok: false }>['problems'];
  groups: readonly { id: string; name: string }[];
  models: readonly { id: string; name: string }[];
}

/** The period (a choice, or the custom period's days), the group, the feature and the model; each change asks at once. */
export function UsageFiltersForm({ filters, onChange, today, problems, groups, models }: UsageFiltersFormProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const set = (next: Partial<UsageFilters>) => onChange({ ...filters, ...next });
  const choosePeriod = (period: UsagePeriod) =>
    // The custom period starts as the period shown so far, so the days are only adjusted.
    set(period === 'custom' && filters.period !== 'custom' ? { period, ...periodDays(filters, today) } : { period });
  const problemText = (field: 'from' | 'to') => {
    const problem = problems[field];
    return problem ? t(`GOVERNANCE_USAGE.problems.${problem}`) : undefined;
  };

  return (
    <fieldset className="admin-usage-filters">
      <legend className="ui-visually-hidden">{t('GOVERNANCE_USAGE.filters')}</legend>
      <Select
        label={t('GOVERNANCE.period')}
        value={filters.period}
        onChange={(event) => choosePeriod(event.target.value as UsagePeriod)}
        options={USAGE_PERIODS.map((period) => ({ value: period, label: t(`GOVERNANCE.periods.${period}`) }))}
      />
      {filters.period === 'custom' && (
        <>
          <TextField type="date" label={t('GOVERNANCE.from')} value={filters.from} onChange={(event) => set({ from: event.target.value })} error={problemText('from')} />
          <TextField type="date" label={t('GOVERNANCE.to')} value={filters.to} onChange={(event) => set({ to: event.target.value })} error={problemText('to')} />
        </>
      )}
      <Select
        label={t('GOVERNANCE_USAGE.group')}
        value={filters.group}
        onChange={(event) => set({ group: event.target.value })}
        options={[{ value: '', label: t('GOVERNANCE_USAGE.allGroups') }, ...groups.map((group) => ({ value: group.id, label: group.name }))]}
      />
      <Select
        label={t('GOVERNANCE_USAGE.feature')}
        value={filters.feature}
        onChange={(event) => set({ feature: event.target.value as UsageFilters['feature'] })}
        options={[
          { value: '', label: t('GOVERNANCE_USAGE.allFeatures') },
          ...USAGE_FEATURES.map((feature) => ({ value: feature, label: t(`GOVERNANCE.features.${feature}`) })),
        ]}
      />
      <Select
        label={t('GOVERNANCE_USAGE.model')}
        value={filters.model}
        onChange={(event) => set({ model: event.target.value })}
        options={[{ value: '', label: t('GOVERNANCE_USAGE.allModels') }, ...models.map((model) => ({ value: model.id, label: model.name }))]}
      />
    </fieldset>
  );
}
