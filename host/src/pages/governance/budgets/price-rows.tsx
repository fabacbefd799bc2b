import { Button, TextField } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { fieldElementId, newPriceDraft, type PriceDraft } from './budgets-draft';

interface PriceRowsProps {
  rows: readonly PriceDraft[];
  /** The models the server offers, suggested while a model is typed (any other name can be typed too). */
  models: readonly { id: string; name: string }[];
  empty: string;
  errorOf: (field: string) => string | undefined;
  onChange: (rows: PriceDraft[]) => void;
}

/** The price table: a model and its cost per million input and output tokens per row. */
export function PriceRows({ rows, models, empty, errorOf, onChange }: PriceRowsProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const listId = useId();
  const update = (index: number, next: Partial<PriceDraft>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...next } : row)));
  return (
    <>
      {rows.length === 0 ? (
        <p className="budgets-form__empty">{empty}</p>
      ) : (
        <ul className="budgets-prices">
          {rows.map((row, index) => {
            const name = row.model.trim() || t('GOVERNANCE_BUDGETS.modelOfRow', { number: index + 1 });
            return (
              <li key={row.key} className="budgets-prices__row">
                <TextField
                  id={fieldElementId(`prices.${index}.model`)}
                  className="budgets-prices__model"
                  label={t('GOVERNANCE_BUDGETS.model')}
                  list={listId}
                  autoComplete="off"
                  value={row.model}
                  error={errorOf(`prices.${index}.model`)}
                  onChange={(event) => update(index, { model: event.target.value })}
                />
                <TextField
                  id={fieldElementId(`prices.${index}.input_per_million`)}
                  label={t('GOVERNANCE_BUDGETS.inputPrice')}
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.input}
                  error={errorOf(`prices.${index}.input_per_million`)}
                  onChange={(event) => update(index, { input: event.target.value })}
                />
                <TextField
                  id={fieldElementId(`prices.${index}.output_per_million`)}
                  label={t('GOVERNANCE_BUDGETS.outputPrice')}
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.output}
                  error={errorOf(`prices.${index}.output_per_million`)}
                  onChange={(event) => update(index, { output: event.target.value })}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  className="budgets-prices__remove"
                  aria-label={t('GOVERNANCE_BUDGETS.removeModel', { name })}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  {t('GOVERNANCE_BUDGETS.removeShort')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <datalist id={listId}>
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.name}
          </option>
        ))}
      </datalist>
      <Button variant="secondary" onClick={() => onChange([...rows, newPriceDraft()])}>
        {t('GOVERNANCE_BUDGETS.addPrice')}
      </Button>
    </>
  );
}
