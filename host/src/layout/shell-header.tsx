import { currentLanguage, useAuth, useConfigStore, useWorkspaceStore } from '@assistant/platform';
import { Button, LogoutIcon } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { useShell } from '../app/shell-context';
import { markSignedOut } from '../auth/signed-out';
import { brandImageUrl } from '../branding/use-branding';
import './shell-header.css';

/** Logo and application name, the language switch, the signed-in user and sign-out. */
export function ShellHeader() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const { auth } = useShell();
  const { user } = useAuth();
  const customization = useConfigStore((state) => state.config.customization);
  const setLocale = useWorkspaceStore((state) => state.setLocale);
  const logo = brandImageUrl(customization.logo);
  const language = currentLanguage();
  const name = user?.profile.name ?? user?.profile.preferred_username ?? user?.profile.email ?? '';

  return (
    <div className="shell-header">
      <Link to="/" className="shell-header__brand">
        {logo && <img src={logo} alt="" className="shell-header__logo" />}
        <span>{customization.application_name}</span>
      </Link>
      <div className="shell-header__actions">
        <label className="shell-header__language">
          <span className="ui-visually-hidden">{t('HEADER.language')}</span>
          <select value={language} onChange={(event) => setLocale(event.target.value === 'en' ? 'en' : 'de')}>
            <option value="de" lang="de">
              {t('HEADER.german')}
            </option>
            <option value="en" lang="en">
              {t('HEADER.english')}
            </option>
          </select>
        </label>
        {name && <span className="shell-header__user">{t('HEADER.user', { name })}</span>}
        <Button variant="ghost" size="sm" icon={<LogoutIcon />} className="shell-header__sign-out" onClick={() => {
            markSignedOut();
            void auth.signOut();
          }}>
          {t('HEADER.signOut')}
        </Button>
      </div>
    </div>
  );
}
