import { useConfigStore } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { brandImageUrl } from '../branding/use-branding';
import { SharedWithMeBell } from './shared-with-me-bell';
import { UserMenu } from './user-menu';
import './shell-header.css';

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
        <SharedWithMeBell />
        <UserMenu />
      </div>
    </div>
  );
}
