import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  variant?: 'neutral' | 'primary' | 'info' | 'success' | 'error';
}

/** A short status or count label ("Beta", "3"). The text carries the meaning, not the colour. */
export function Badge({ variant = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cx('ui-badge', `ui-badge--${variant}`, className)} {...rest} />;
}
