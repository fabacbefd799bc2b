import { Button, TextField } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { fieldElementId, type LimitDraft } from './budgets-draft';

interface LimitRowsProps {
  /** `groups` or `users`: the contract's list the rows are (and their fields' names). */
  list: 'groups' | 'users';
  rows: readonly LimitDraft[];
  unit: string;
  empty: string;
  errorOf: (field: string) => string | undefined;
  onChange: (rows: LimitDraft[]) => void;
}

/** Groups or people with a budget of their own: the name, the monthly limit (empty: none) and a remove button per row. */
export function LimitRows({ list, rows, unit, empty, errorOf, onChange }: LimitRowsProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  if (rows.length === 0) return <p className="budgets-form__empty">{empty}</p>;
  return (
    <ul className="budgets-limits">
      {rows.map((row, index) => {
        const field = `${list}.${index}.limit`;
        return (
          <li key={row.id} className="budgets-limits__row">
            <span className="budgets-limits__name">{row.name}</span>
            <TextField
              id={fieldElementId(field)}
              className="budgets-limits__field"
              label={t('GOVERNANCE_BUDGETS.limitOf', { name: row.name, unit })}
              hideLabel
              inputMode="decimal"
              autoComplete="off"
              value={row.limit}
              error={errorOf(field)}
              onChange={(event) => onChange(rows.map((r, i) => (i === index ? { ...r, limit: event.target.value } : r)))}
            />
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('GOVERNANCE_BUDGETS.remove', { name: row.name })}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              {t('GOVERNANCE_BUDGETS.removeShort')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
