import type { ReactNode } from 'react';
import { cx } from '../internal/cx';
import { renderAnchor, type RenderLink } from '../core/render-link';

export interface SideNavigationItem {
  id: string;
  href: string;
  label: string;
  /** Decorative icon before the label. */
  icon?: ReactNode;
  /** The current page (for plain anchors; a router link decides for itself). */
  active?: boolean;
  /** Small trailing content, e.g. <Badge>Beta</Badge>. */
  badge?: ReactNode;
}

export interface SideNavigationProps {
  items: readonly SideNavigationItem[];
  /** Accessible name of the <nav> landmark. */
  label: string;
  /** Renders each link; pass react-router's NavLink so the router decides the active entry. */
  renderLink?: RenderLink;
  /** Content under the list (version, legal links). */
  footer?: ReactNode;
  className?: string;
}

/** The sidebar's main navigation: a labelled list of links, the current one with aria-current="page". */
export function SideNavigation({ items, label, renderLink = renderAnchor, footer, className }: SideNavigationProps) {
  return (
    <nav aria-label={label} className={cx('ui-side-nav', className)}>
      <ul className="ui-side-nav__list">
        {items.map((item) => {
          const active = Boolean(item.active);
          return (
            <li key={item.id} className="ui-side-nav__item">
              {renderLink({
                href: item.href,
                className: 'ui-side-nav__link',
                active,
                'aria-current': active ? 'page' : undefined,
                children: (
                  <>
                    {item.icon && (
                      <span className="ui-side-nav__icon" aria-hidden="true">
                        {item.icon}
                      </span>
                    )}
                    <span className="ui-side-nav__label">{item.label}</span>
                    {item.badge && <span className="ui-side-nav__badge">{item.badge}</span>}
                  </>
                ),
              })}
            </li>
          );
        })}
      </ul>
      {footer && <div className="ui-side-nav__footer">{footer}</div>}
    </nav>
  );
}
