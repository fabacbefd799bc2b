import type { ReactNode } from 'react';
import { cx } from '../internal/cx';

export interface EmptyStateProps {
  /** Decorative icon above the title. */
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** A button or link that leads out of the empty state ("Create agent"). */
  action?: ReactNode;
  /** Heading level of the title; default 2 (under the page's h1). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** What a list or page shows when there is nothing yet. */
export function EmptyState({ icon, title, text, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('ui-state', 'ui-empty-state', className)}>
      {icon && (
        <div className="ui-state__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="ui-state__title">{title}</Heading>
      {text && <div className="ui-state__text">{text}</div>}
      {action && <div className="ui-state__action">{action}</div>}
    </div>
  );
}
