import { TextArea } from '@assistant/ui';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface SourceInputProps {
  value: string;
  onChange(text: string): void;
  /** Most characters one translation takes. */
  limit: number;
  /** Language of the text when chosen (its `lang`). */
  lang?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * The text to translate, with a live count against the limit. A longer text is kept as it is
 * (nothing is cut off); it is marked invalid and cannot be sent until it is shortened.
 */
export function SourceInput({ value, onChange, limit, lang, ref }: SourceInputProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const countId = useId();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const over = value.length - limit;
  return (
    <div className="translate-input">
      <TextArea
        ref={ref}
        label={t('input.label')}
        description={t('input.shortcut')}
        placeholder={t('input.placeholder')}
        rows={10}
        value={value}
        lang={lang}
        onChange={(event) => onChange(event.target.value)}
        error={over > 0 ? t('input.tooLong', { over: numbers.format(over), limit: numbers.format(limit) }) : undefined}
        aria-describedby={countId}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        textAreaClassName="translate-input__text"
      />
      <p id={countId} className="ui-field__count translate-input__count">
        {t('input.count', { length: numbers.format(value.length), limit: numbers.format(limit) })}
      </p>
    </div>
  );
}
