import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ChevronDownIcon } from '../icons/icons';
import { cx } from '../internal/cx';
import { FieldDescription, FieldError, useFieldIds, type FieldTextProps } from '../internal/field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'>, FieldTextProps {
  /** The choices; or pass <option>/<optgroup> elements as children. */
  options?: readonly SelectOption[];
  children?: ReactNode;
  /** A first, empty choice ("Please choose"); with `required` it cannot be picked again. */
  placeholder?: string;
  className?: string;
  selectClassName?: string;
}

/** A native <select> with label, description and error: the platform's own keyboard and screen-reader support. */
export function Select({
  label,
  hideLabel = false,
  description,
  error,
  options,
  children,
  placeholder,
  id,
  className,
  selectClassName,
  required,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: SelectProps) {
  const ids = useFieldIds({ id, description, error, describedBy: ariaDescribedBy });
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
      <div className="ui-select">
        <select
          id={ids.controlId}
          className={cx('ui-input', 'ui-select__control', selectClassName)}
          required={required}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        >
          {placeholder !== undefined && (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          )}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDownIcon className="ui-select__chevron" />
      </div>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
