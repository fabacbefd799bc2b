import { cx } from '../internal/cx';

export interface SkeletonProps {
  /** Number of placeholder lines; the last one is shorter. */
  lines?: number;
  /** When set, the placeholder is a status region that announces this text. */
  label?: string;
  className?: string;
}

/** Placeholder lines while content loads. The lines themselves are hidden from assistive technology. */
export function Skeleton({ lines = 3, label, className }: SkeletonProps) {
  const count = Math.max(1, Math.floor(lines));
  return (
    <div className={cx('ui-skeleton', className)} {...(label ? { role: 'status' } : { 'aria-hidden': true })}>
      {label && <span className="ui-visually-hidden">{label}</span>}
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          aria-hidden="true"
          className={cx('ui-skeleton__line', i === count - 1 && count > 1 && 'ui-skeleton__line--short')}
        />
      ))}
    </div>
  );
}
