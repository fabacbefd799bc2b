import { useConfigStore, useWorkspaceStore, currentLanguage } from '@assistant/platform';
import { Button, Dialog } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/** The privacy notice of the customization, shown once per user (the workspace store remembers it). */
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
      <p>{entry.text}</p>
      {entry.links.length > 0 && (
        <ul>
          {entry.links.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
