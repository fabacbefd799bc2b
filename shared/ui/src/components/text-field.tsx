import { useState, type ChangeEvent, type ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { FieldDescription, FieldError, useFieldIds, type FieldTextProps } from '../internal/field';
import { useUiTexts } from '../core/ui-texts';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'>, FieldTextProps {
  /** Show "n of maxLength characters" under the field (linked with aria-describedby). */
  showCount?: boolean;
  className?: string;
  /** Class of the <input> itself; `className` goes on the wrapper. */
  inputClassName?: string;
}

export function TextField({
  label,
  hideLabel = false,
  description,
  error,
  showCount = false,
  id,
  className,
  inputClassName,
  required,
  maxLength,
  value,
  defaultValue,
  onChange,
  type = 'text',
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TextFieldProps) {
  const texts = useUiTexts();
  const ids = useFieldIds({ id, description, error, count: showCount, describedBy: ariaDescribedBy });
  const [typed, setTyped] = useState(() => String(defaultValue ?? '').length);
  const length = value !== undefined && value !== null ? String(value).length : typed;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
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
      <input
        id={ids.controlId}
        type={type}
        className={cx('ui-input', inputClassName)}
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
