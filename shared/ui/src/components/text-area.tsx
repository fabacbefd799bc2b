import { useState, type ChangeEvent, type ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { FieldDescription, FieldError, useFieldIds, type FieldTextProps } from '../internal/field';
import { useUiTexts } from '../core/ui-texts';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'>, FieldTextProps {
  /** Show "n of maxLength characters" under the field (linked with aria-describedby). */
  showCount?: boolean;
  className?: string;
  /** Class of the <textarea> itself; `className` goes on the wrapper. */
  textAreaClassName?: string;
  /** Let the user resize it vertically; default true. */
  resizable?: boolean;
}

export function TextArea({
  label,
  hideLabel = false,
  description,
  error,
  showCount = false,
  id,
  className,
  textAreaClassName,
  resizable = true,
  required,
  maxLength,
  value,
  defaultValue,
  onChange,
  rows = 4,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TextAreaProps) {
  const texts = useUiTexts();
  const ids = useFieldIds({ id, description, error, count: showCount, describedBy: ariaDescribedBy });
  const [typed, setTyped] = useState(() => String(defaultValue ?? '').length);
  const length = value !== undefined && value !== null ? String(value).length : typed;
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setTyped(event.target.value.length);
    onChange?.(event);
  };
  return (
    <div className={cx('ui-field', ids.invalid && 'ui-field--invalid', className)}>
      <label htmlFor={ids.controlId} id={ids.labelId} className={cx('ui-field__label', hideLabel && 'ui-visually-hidden')}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      <textarea
        id={ids.controlId}
        rows={rows}
        className={cx('ui-input', 'ui-textarea', !resizable && 'ui-textarea--fixed', textAreaClassName)}
        required={required}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
      <FieldError id={ids.errorId}>{error}</FieldError>
      {ids.countId && (
        <p id={ids.countId} className="ui-field__count">
          {texts.characterCount(length, maxLength)}
        </p>
      )}
    </div>
  );
}
