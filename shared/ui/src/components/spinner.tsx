import { cx } from '../internal/cx';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A decorative spinner (aria-hidden): pair it with text, or use Loading for a labelled one. */
export function Spinner({ size = 'md', className }: SpinnerProps) {
  return <span className={cx('ui-spinner', `ui-spinner--${size}`, className)} aria-hidden="true" />;
}
