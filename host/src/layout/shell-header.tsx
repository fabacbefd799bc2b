import { useConfigStore } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { lazy, Suspense } from 'react';
import { brandImageUrl } from '../branding/use-branding';
import { UserMenu } from './user-menu';
import './shell-header.css';

// The bell comes after the first paint, with the shared endpoints it asks through; its place is kept meanwhile.
const SharedWithMeBell = lazy(() =>
  import(/* webpackChunkName: "shared-with-me" */ './shared-with-me-bell').then((module) => ({ default: module.SharedWithMeBell })),
);

// The 80 % budget notice draws nothing of its own: it comes after the first paint too, with its texts.
const BudgetNotice = lazy(() => import(/* webpackChunkName: "budget-notice" */ './budget-notice').then((module) => ({ default: module.BudgetNotice })));

// The keyboard shortcuts come after the first paint too (their list is another chunk, loaded when asked for).
const ShellShortcuts = lazy(() => import(/* webpackChunkName: "shell-shortcuts" */ './shell-shortcuts').then((module) => ({ default: module.ShellShortcuts })));

/**
 * Logo and application name, what was shared with the user (the bell), and the user menu
 * (language, guided start, privacy, help, sign-out).
 */
export function ShellHeader() {
  const customization = useConfigStore((state) => state.config.customization);
  const logo = brandImageUrl(customization.logo);

  return (
    <div className="shell-header">
      <Link to="/" className="shell-header__brand">
        {logo && <img src={logo} alt="" className="shell-header__logo" />}
        <span>{customization.application_name}</span>
      </Link>
      <div className="shell-header__actions">
        <Suspense fallback={<span className="shell-header__bell-place" />}>
          <SharedWithMeBell />
        </Suspense>
        <UserMenu />
      </div>
      <Suspense fallback={null}>
        <BudgetNotice />
      </Suspense>
      <Suspense fallback={null}>
        <ShellShortcuts />
      </Suspense>
    </div>
  );
}
