import type { ReactNode } from 'react';
import { cx } from '../internal/cx';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (wrap below on narrow screens). */
  actions?: ReactNode;
  /** Above the title: breadcrumbs or a back link. */
  before?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, before, className }: PageHeaderProps) {
  return (
    <div className={cx('ui-page-header', className)}>
      {before && <div className="ui-page-header__before">{before}</div>}
      <div className="ui-page-header__row">
        <div className="ui-page-header__text">
          <h1 className="ui-page-header__title">{title}</h1>
          {description && <div className="ui-page-header__description">{description}</div>}
        </div>
        {actions && <div className="ui-page-header__actions">{actions}</div>}
      </div>
    </div>
  );
}
