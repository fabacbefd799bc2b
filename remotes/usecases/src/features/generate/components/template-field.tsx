import type { GenerateFieldDefinition } from '@assistant/contracts';
import { Select, TextArea, TextField } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface TemplateFieldProps {
  field: GenerateFieldDefinition;
  value: string;
  error?: string;
  onChange(value: string): void;
}

/** One field of a generate template, as its definition in the contracts describes it. */
export function TemplateField({ field, value, error, onChange }: TemplateFieldProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.language === 'en' ? 'en' : 'de';
  const label = field.required ? field.label[language] : `${field.label[language]} ${t('optional')}`;
  const placeholder = field.placeholder?.[language];
  if (field.kind === 'choice') {
    return (
      <Select
        label={label}
        value={value}
        placeholder={t('choose')}
        options={(field.options ?? []).map((option) => ({ value: option.value, label: option.label[language] }))}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
    );
  }
  if (field.kind === 'long_text') {
    return (
      <TextArea
        label={label}
        rows={4}
        value={value}
        placeholder={placeholder}
        maxLength={field.max_length}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
    );
  }
  return (
    <TextField
      label={label}
      value={value}
      placeholder={placeholder}
      maxLength={field.max_length}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
