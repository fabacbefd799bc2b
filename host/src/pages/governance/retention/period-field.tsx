import { MAX_RETENTION_DAYS } from '@assistant/contracts';
import { Select, TextField } from '@assistant/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import type { PeriodDraft } from './retention-draft';

/** "30 days", "forever": a period in words. */
export const periodText = (t: TFunction, days: number | null) =>
  days === null ? t('GOVERNANCE_RETENTION.periodForever') : t('GOVERNANCE_RETENTION.periodDays', { count: days });

export interface PeriodFieldProps {
  id: string;
  legend: string;
  value: PeriodDraft;
  onChange: (value: PeriodDraft) => void;
  /** A group's field: the first choice is the default's period, shown in words. */
  defaultPeriod?: string;
  /** Why the typed days are refused, in words. */
  error?: string;
}

/** One kind's period: forever or a number of days (a group's may also follow the default). */
export function PeriodField({ id, legend, value, onChange, defaultPeriod, error }: PeriodFieldProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const options = [
    ...(defaultPeriod === undefined ? [] : [{ value: 'default', label: t('GOVERNANCE_RETENTION.asDefault', { period: defaultPeriod }) }]),
    { value: 'forever', label: t('GOVERNANCE_RETENTION.forever') },
    { value: 'days', label: t('GOVERNANCE_RETENTION.forDays') },
  ];
  return (
    <fieldset className="retention-period">
      <legend className="retention-period__legend">{legend}</legend>
      <Select
        id={`${id}-mode`}
        // Without days beside it, the choice takes the whole row (its longest words fit on a phone).
        className={value.mode === 'days' ? undefined : 'retention-period__mode--alone'}
        label={t('GOVERNANCE_RETENTION.keep')}
        options={options}
        value={value.mode}
        onChange={(event) => onChange({ ...value, mode: event.target.value as PeriodDraft['mode'] })}
      />
      {value.mode === 'days' && (
        <TextField
          id={`${id}-days`}
          className="retention-period__days"
          label={t('GOVERNANCE_RETENTION.days')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_RETENTION_DAYS}
          step={1}
          value={value.days}
          error={error}
          onChange={(event) => onChange({ ...value, days: event.target.value })}
        />
      )}
    </fieldset>
  );
}
