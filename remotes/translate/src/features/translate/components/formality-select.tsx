import { formalitySchema, type Formality } from '@assistant/contracts';
import { Select } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface FormalitySelectProps {
  value: Formality;
  onChange(formality: Formality): void;
}

/** How formal the translation sounds; only for engines and targets that offer it. */
export function FormalitySelect({ value, onChange }: FormalitySelectProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Select
      className="translate-bar__formality"
      label={t('choices.formality')}
      value={value}
      onChange={(event) => onChange(formalitySchema.parse(event.target.value))}
      options={formalitySchema.options.map((option) => ({ value: option, label: t(`choices.formalityOptions.${option}`) }))}
    />
  );
}
