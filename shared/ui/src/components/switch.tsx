import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { FieldDescription, FieldError, useFieldIds, type FieldTextProps } from '../internal/field';

export interface SwitchProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'role'>, FieldTextProps {
  className?: string;
}

/**
 * An on/off switch: a native checkbox with role="switch", so Space toggles it and its state is
 * read as on/off. Use it for settings that take effect at once; use Checkbox inside forms.
 */
export function Switch({
  label,
  hideLabel = false,
  description,
  error,
  id,
  className,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: SwitchProps) {
  const ids = useFieldIds({ id, description, error, describedBy: ariaDescribedBy });
  return (
    <div className={cx('ui-check', 'ui-switch', ids.invalid && 'ui-field--invalid', className)}>
      <div className="ui-check__row">
        <input
          id={ids.controlId}
          type="checkbox"
          role="switch"
          className="ui-switch__input"
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
