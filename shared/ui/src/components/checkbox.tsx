import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { FieldDescription, FieldError, useFieldIds, type FieldTextProps } from '../internal/field';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'>, FieldTextProps {
  className?: string;
}

/** A native checkbox with its label beside it, optional description and error. */
export function Checkbox({
  label,
  hideLabel = false,
  description,
  error,
  id,
  className,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: CheckboxProps) {
  const ids = useFieldIds({ id, description, error, describedBy: ariaDescribedBy });
  return (
    <div className={cx('ui-check', ids.invalid && 'ui-field--invalid', className)}>
      <div className="ui-check__row">
        <input
          id={ids.controlId}
          type="checkbox"
          className="ui-check__input"
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        />
        <label htmlFor={ids.controlId} id={ids.labelId} className={cx('ui-check__label', hideLabel && 'ui-visually-hidden')}>
          {label}
        </label>
      </div>
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
