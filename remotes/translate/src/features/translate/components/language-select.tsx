import { SOURCE_LANGUAGE_AUTO } from '@assistant/contracts';
import { Select } from '@assistant/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageNames } from '../hooks/use-language-names';
import { NAMESPACE } from '../../../namespace';

export interface LanguageSelectProps {
  label: string;
  codes: readonly string[];
  value: string | null;
  onChange(code: string): void;
  /** Offer "Detect automatically" ('auto') first. */
  withAuto?: boolean;
  className?: string;
}

/** Languages by name in the interface language, sorted by that name. */
export function LanguageSelect({ label, codes, value, onChange, withAuto = false, className }: LanguageSelectProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const nameOf = useLanguageNames();
  const collator = i18n.resolvedLanguage ?? i18n.language;
  const options = useMemo(() => {
    const named = codes.map((code) => ({ value: code, label: nameOf(code) })).sort((a, b) => a.label.localeCompare(b.label, collator));
    return withAuto ? [{ value: SOURCE_LANGUAGE_AUTO, label: t('choices.auto') }, ...named] : named;
  }, [codes, nameOf, collator, withAuto, t]);
  return (
    <Select
      className={className}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      options={options}
      placeholder={value === null ? t('choices.noTarget') : undefined}
      disabled={options.length === 0}
    />
  );
}
