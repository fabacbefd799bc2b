import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';

export interface VisuallyHiddenProps extends ComponentPropsWithRef<'span'> {
  /** Becomes visible while it or something inside has keyboard focus (for skip links). */
  focusable?: boolean;
}

/** Text for assistive technology only: hidden from view, still read and still in the layout flow. */
export function VisuallyHidden({ focusable = false, className, ...rest }: VisuallyHiddenProps) {
  return <span className={cx(focusable ? 'ui-visually-hidden--focusable' : 'ui-visually-hidden', className)} {...rest} />;
}
