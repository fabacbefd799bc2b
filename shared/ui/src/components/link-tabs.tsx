import type { ReactNode } from 'react';
import { cx } from '../internal/cx';
import { renderAnchor, type RenderLink } from '../core/render-link';

export interface LinkTabItem {
  id: string;
  href: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Marks the current route when the ui renders plain anchors; a router link decides for itself. */
  active?: boolean;
}

export interface LinkTabsProps {
  items: readonly LinkTabItem[];
  /** Accessible name of the navigation (e.g. "Collections"). */
  label: string;
  /** Renders each link; pass react-router's NavLink here. Default: a plain <a>. */
  renderLink?: RenderLink;
  className?: string;
}

/**
 * Tabs that are routes (/collections/personal, /collections/company): a labelled <nav> of links
 * that look like tabs, the current one with aria-current="page". They are links, not ARIA tabs:
 * each has a URL, opens in a new tab, and the router renders the "panel".
 */
export function LinkTabs({ items, label, renderLink = renderAnchor, className }: LinkTabsProps) {
  return (
    <nav aria-label={label} className={cx('ui-link-tabs', className)}>
      <ul className="ui-link-tabs__list">
        {items.map((item) => {
          const active = Boolean(item.active);
          return (
            <li key={item.id} className="ui-link-tabs__item">
              {renderLink({
                href: item.href,
                className: 'ui-link-tabs__link',
                active,
                'aria-current': active ? 'page' : undefined,
                children: (
                  <>
                    {item.icon && <span className="ui-link-tabs__icon">{item.icon}</span>}
                    {item.label}
                  </>
                ),
              })}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
