import { useConfigStore, useWorkspaceStore, currentLanguage } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { Button, Dialog } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { addLegalTexts } from './legal-texts';

/**
 * The privacy notice of the customization, shown once per user (the workspace store remembers it)
 * where the guided start, which includes it, is switched off.
 */
export function PrivacyNotice() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const shown = useWorkspaceStore((state) => state.privacyNoticeShown);
  const markShown = useWorkspaceStore((state) => state.markPrivacyNoticeShown);
  const notice = useConfigStore((state) => state.config.customization.privacy_policy_notice);
  const entry = notice[currentLanguage()];
  if (shown || !entry.text.trim()) return null;
  return (
    <Dialog
      open
      onClose={markShown}
      title={t('PRIVACY.title')}
      footer={<Button onClick={markShown}>{t('PRIVACY.confirm')}</Button>}
    >
      <PrivacyNoticeText />
    </Dialog>
  );
}

/**
 * The notice's text and links in the interface language, and the way to the full privacy policy:
 * here (following it counts as having seen the notice) or, `policyInNewTab`, in a new tab so that
 * the guided start showing the notice stays where it is.
 */
export function PrivacyNoticeText({ policyInNewTab = false }: { policyInNewTab?: boolean }) {
  useState(addLegalTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const markShown = useWorkspaceStore((state) => state.markPrivacyNoticeShown);
  const entry = useConfigStore((state) => state.config.customization.privacy_policy_notice)[currentLanguage()];
  return (
    <>
      <p>{entry.text}</p>
      <ul>
        {entry.links.map((link) => (
          <li key={link.url}>
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
        <li>
          {policyInNewTab ? (
            <Link to="/privacy-policy" target="_blank">
              {t('PRIVACY.policyLink')}
              <span className="ui-visually-hidden"> ({t('USER_MENU.newTab')})</span>
            </Link>
          ) : (
            <Link to="/privacy-policy" onClick={markShown}>
              {t('PRIVACY.policyLink')}
            </Link>
          )}
        </li>
      </ul>
    </>
  );
}
