import type { CustomAppVariable } from '@assistant/contracts';
import { Select, TextArea, TextField } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface RunFieldsProps {
  variables: readonly CustomAppVariable[];
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  onChange(name: string, value: string): void;
  /** Prefix of the inputs' names, so two forms on a page stay apart. */
  idPrefix?: string;
}

/** The form of a custom app: one field per variable, by its kind, with its message under it. */
export function RunFields({ variables, values, errors, onChange }: RunFieldsProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      {variables.map((variable) => {
        const label = variable.required ? variable.label : `${variable.label} ${t('optional')}`;
        const common = { label, error: errors[variable.name], value: values[variable.name] ?? '' };
        const field = (() => {
          switch (variable.kind) {
            case 'choice':
              return (
                <Select
                  {...common}
                  placeholder={t('choose')}
                  options={variable.options.map((option) => ({ value: option, label: option }))}
                  onChange={(event) => onChange(variable.name, event.target.value)}
                />
              );
            case 'long_text':
              return <TextArea {...common} rows={4} maxLength={variable.max_length} onChange={(event) => onChange(variable.name, event.target.value)} />;
            case 'number':
              return (
                <TextField
                  {...common}
                  type="number"
                  inputMode="decimal"
                  min={variable.min}
                  max={variable.max}
                  step="any"
                  onChange={(event) => onChange(variable.name, event.target.value)}
                />
              );
            case 'date':
              return <TextField {...common} type="date" onChange={(event) => onChange(variable.name, event.target.value)} />;
            default:
              return <TextField {...common} maxLength={variable.max_length} onChange={(event) => onChange(variable.name, event.target.value)} />;
          }
        })();
        return (
          <div key={variable.name} data-field={variable.name}>
            {field}
          </div>
        );
      })}
    </>
  );
}
