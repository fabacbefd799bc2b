import { useEffect, useId, useRef, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { MenuIcon } from '../icons/icons';
import { cx } from '../internal/cx';
import { useUiTexts } from '../core/ui-texts';

export interface AppLayoutProps {
  /** Header content after the sidebar toggle: logo, application name, user menu. */
  header?: ReactNode;
  /** Sidebar content, usually a SideNavigation. Without it there is no toggle. */
  sidebar?: ReactNode;
  /**
   * Under the sidebar's navigation, taking the room left: what the open page adds to the side
   * panel (the chat's conversations). It scrolls on its own where it says so.
   */
  sidebarPanel?: ReactNode;
  /** At the sidebar's end, after the panel: the secondary links. */
  sidebarEnd?: ReactNode;
  /**
   * Changes with each navigation (the router's location key): an open drawer closes, so the page
   * a button in it opened is shown (a followed link closes it anyway).
   */
  navigationKey?: string;
  children: ReactNode;
  /**
   * A small footer (contentinfo): legal links and contacts. Under the sidebar and the page on a
   * wide screen; on a narrow one at the end of the navigation drawer.
   */
  footer?: ReactNode;
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

/** Below this width the sidebar is a drawer over the content (the same breakpoint as layout.css). */
export const DRAWER_MEDIA_QUERY = '(max-width: 48rem)';

function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DRAWER_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DRAWER_MEDIA_QUERY).matches;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The shell's frame: a skip link to the main content, a header (banner) with the sidebar toggle,
 * a collapsible sidebar and the main landmark. On a narrow screen the sidebar is a drawer: it
 * starts closed (the remembered wide-screen state is left alone), lies over the content with a
 * backdrop, takes the focus when it opens and gives it back to the toggle when Escape, the
 * backdrop or a followed link closes it; the footer is then at the drawer's end.
 */
export function AppLayout({
  header,
  sidebar,
  sidebarPanel,
  sidebarEnd,
  navigationKey,
  children,
  footer,
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
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A navigation closes the drawer (adjusted while rendering, so the page shown is never inert).
  const [seenNavigation, setSeenNavigation] = useState(navigationKey);
  if (seenNavigation !== navigationKey) {
    setSeenNavigation(navigationKey);
    if (drawerOpen) setDrawerOpen(false);
  }
  const open = narrow ? drawerOpen : (sidebarOpen ?? uncontrolledOpen);
  const mainRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLDivElement>(null);
  const hasSidebar = sidebar !== undefined && sidebar !== null && sidebar !== false;
  const drawer = hasSidebar && narrow && drawerOpen;
  // Below a page that fills the screen (the chat with its composer) a footer takes room from the
  // page on a phone: there it goes into the drawer, with the rest of what is not the page.
  const footerInDrawer = Boolean(footer) && hasSidebar && narrow;

  const toggle = () => {
    if (narrow) {
      setDrawerOpen(!drawerOpen);
      return;
    }
    if (sidebarOpen === undefined) setUncontrolledOpen(!open);
    onSidebarOpenChange?.(!open);
  };

  const closeDrawer = () => {
    setDrawerOpen(false);
    toggleRef.current?.focus();
  };

  // A drawer that is left open when the screen widens would stay open the next time it narrows.
  useEffect(() => {
    if (!narrow) setDrawerOpen(false);
  }, [narrow]);

  useEffect(() => {
    if (!drawer) return;
    sidebarRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setDrawerOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawer]);

  // Following a link in the drawer shows the page, so the drawer closes.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (drawer && event.target instanceof Element && event.target.closest('a[href]')) setDrawerOpen(false);
  };

  // Move focus, not only the scroll position, and leave the router's URL alone.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className={cx('ui-app', hasSidebar && open && 'ui-app--sidebar-open', drawer && 'ui-app--drawer-open', className)}>
      <a href={`#${mainId}`} className="ui-skip-link" onClick={skipToMain}>
        {skipLinkLabel ?? texts.skipToMain}
      </a>
      <header className="ui-app__header">
        {hasSidebar && (
          <button
            ref={toggleRef}
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
          <div id={sidebarId} ref={sidebarRef} className="ui-app__sidebar" hidden={!open} onClick={closeOnLink}>
            {sidebar}
            {sidebarPanel !== undefined && <div className="ui-app__sidebar-panel">{sidebarPanel}</div>}
            {sidebarEnd !== undefined && <div className="ui-app__sidebar-end">{sidebarEnd}</div>}
            {footerInDrawer && <footer className="ui-app__footer ui-app__footer--drawer">{footer}</footer>}
          </div>
        )}
        {drawer && <div className="ui-app__backdrop" aria-hidden="true" onClick={closeDrawer} />}
        <main id={mainId} ref={mainRef} tabIndex={-1} className="ui-app__main" inert={drawer}>
          {children}
        </main>
      </div>
      {footer && !footerInDrawer && (
        <footer className="ui-app__footer" inert={drawer}>
          {footer}
        </footer>
      )}
    </div>
  );
}
