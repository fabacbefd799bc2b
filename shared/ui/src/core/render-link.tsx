import type { ReactNode } from 'react';

/**
 * What a link-rendering callback receives. The ui never imports the router: the host passes
 * `renderLink` and renders react-router's NavLink with these props (NavLink sets aria-current
 * itself; the ui styles `[aria-current="page"]`, so either way the active link looks active).
 */
export interface RenderLinkProps {
  href: string;
  className: string;
  children: ReactNode;
  /** The ui's own idea of "active" (from the item's `active` flag); a router link may ignore it. */
  active: boolean;
  'aria-current': 'page' | undefined;
}

export type RenderLink = (props: RenderLinkProps) => ReactNode;

/** A plain anchor: used when no renderLink is passed. */
export const renderAnchor: RenderLink = ({ href, className, children, 'aria-current': ariaCurrent }) => (
  <a href={href} className={className} aria-current={ariaCurrent}>
    {children}
  </a>
);
