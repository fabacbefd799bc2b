import { cx } from '../internal/cx';
import { useUiTexts } from '../core/ui-texts';
import { Spinner } from './spinner';

export interface LoadingProps {
  /** Read by screen readers; shown too when `showLabel`. Default: the texts' "loading". */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Centers the indicator in the space it is given (a page or panel that is loading). */
  fill?: boolean;
  className?: string;
}

/** A spinner with an accessible label in a polite status region. */
export function Loading({ label, showLabel = false, size = 'md', fill = false, className }: LoadingProps) {
  const texts = useUiTexts();
  return (
    <div role="status" className={cx('ui-loading', fill && 'ui-loading--fill', className)}>
      <Spinner size={size} />
      <span className={showLabel ? 'ui-loading__label' : 'ui-visually-hidden'}>{label ?? texts.loading}</span>
    </div>
  );
}
