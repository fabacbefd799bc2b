import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { MenuIcon } from '../icons/icons';
import { cx } from '../internal/cx';
import { useUiTexts } from '../core/ui-texts';

export interface AppLayoutProps {
  /** Header content after the sidebar toggle: logo, application name, user menu. */
  header?: ReactNode;
  /** Sidebar content, usually a SideNavigation. Without it there is no toggle. */
  sidebar?: ReactNode;
  children: ReactNode;
  /** Controlled open state of the sidebar (the workspace store keeps it per user). */
  sidebarOpen?: boolean;
  defaultSidebarOpen?: boolean;
  onSidebarOpenChange?: (open: boolean) => void;
  /** id of the <main> landmark (the skip link's target). */
  mainId?: string;
  skipLinkLabel?: string;
  /** Name of the toggle button; it stays the same, aria-expanded tells open or closed. */
  toggleLabel?: string;
  className?: string;
}

/**
 * The shell's frame: a skip link to the main content, a header (banner) with the sidebar toggle,
 * a collapsible sidebar and the main landmark.
 */
export function AppLayout({
  header,
  sidebar,
  children,
  sidebarOpen,
  defaultSidebarOpen = true,
  onSidebarOpenChange,
  mainId = 'main-content',
  skipLinkLabel,
  toggleLabel,
  className,
}: AppLayoutProps) {
  const texts = useUiTexts();
  const sidebarId = `ui-sidebar${useId()}`;
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultSidebarOpen);
  const open = sidebarOpen ?? uncontrolledOpen;
  const mainRef = useRef<HTMLElement>(null);
  const hasSidebar = sidebar !== undefined && sidebar !== null && sidebar !== false;

  const toggle = () => {
    if (sidebarOpen === undefined) setUncontrolledOpen(!open);
    onSidebarOpenChange?.(!open);
  };

  // Move focus, not only the scroll position, and leave the router's URL alone.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className={cx('ui-app', hasSidebar && open && 'ui-app--sidebar-open', className)}>
      <a href={`#${mainId}`} className="ui-skip-link" onClick={skipToMain}>
        {skipLinkLabel ?? texts.skipToMain}
      </a>
      <header className="ui-app__header">
        {hasSidebar && (
          <button
            type="button"
            className="ui-icon-button ui-button--ghost ui-icon-button--md ui-app__toggle"
            aria-expanded={open}
            aria-controls={sidebarId}
            aria-label={toggleLabel ?? texts.toggleSidebar}
            title={toggleLabel ?? texts.toggleSidebar}
            onClick={toggle}
          >
            <MenuIcon />
          </button>
        )}
        <div className="ui-app__header-content">{header}</div>
      </header>
      <div className="ui-app__body">
        {hasSidebar && (
          <div id={sidebarId} className="ui-app__sidebar" hidden={!open}>
            {sidebar}
          </div>
        )}
        <main id={mainId} ref={mainRef} tabIndex={-1} className="ui-app__main">
          {children}
        </main>
      </div>
    </div>
  );
}
