import { useConfigStore } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { addLegalTexts } from './legal-texts';
import { SupportContactItems } from './support-contacts';
import './shell-footer.css';

/** An external link of the configuration, opened in a new tab (said to screen readers). */
function ExternalLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {label}
        <span className="ui-visually-hidden"> ({t('USER_MENU.newTab')})</span>
      </a>
    </li>
  );
}

/**
 * The shell's footer: the privacy policy, and the imprint, documentation, help center and support
 * contacts of the configuration where they are set (an unset one is left out, not shown empty).
 */
export function ShellFooter() {
  useState(addLegalTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const customization = useConfigStore((state) => state.config.customization);
  return (
    <nav aria-label={t('FOOTER.label')} className="shell-footer">
      <ul className="shell-footer__links">
        <li>
          <Link to="/privacy-policy">{t('USER_MENU.privacyPolicy')}</Link>
        </li>
        {customization.imprint_link && <ExternalLink href={customization.imprint_link} label={t('FOOTER.imprint')} />}
        {customization.documentation_link && <ExternalLink href={customization.documentation_link} label={t('USER_MENU.documentation')} />}
        {customization.help_center_link && <ExternalLink href={customization.help_center_link} label={t('USER_MENU.helpCenter')} />}
        <SupportContactItems customization={customization} />
      </ul>
    </nav>
  );
}
