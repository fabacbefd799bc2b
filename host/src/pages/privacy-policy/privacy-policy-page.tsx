import { DEFAULT_PRIVACY_POLICY_NOTICE, DEFAULT_SUPPORT_CONTACT } from '@assistant/contracts';
import { currentLanguage, useConfigStore, useDocumentTitle } from '@assistant/platform';
import { PageHeader } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { addLegalTexts } from '../../layout/legal-texts';
import { SupportContacts } from '../../layout/support-contacts';

/**
 * `/privacy-policy` and `/datenschutz`: the customization's privacy text and links in the
 * interface language; where an administrator left the text empty, the default of SPEC section 9
 * (a test system, no personal data), and where no support contact is set, the default contact text.
 */
export function PrivacyPolicyPage() {
  useState(addLegalTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('PRIVACY_POLICY.title'));
  const customization = useConfigStore((state) => state.config.customization);
  const language = currentLanguage();
  const configured = customization.privacy_policy_notice[language];
  const text = configured.text.trim() || DEFAULT_PRIVACY_POLICY_NOTICE[language].text;
  const hasContact = Boolean(customization.support_email || customization.support_phone);

  return (
    <section className="shell-page privacy-policy">
      <PageHeader title={t('PRIVACY_POLICY.title')} />
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      {configured.links.length > 0 && (
        <>
          <h2>{t('PRIVACY_POLICY.links')}</h2>
          <ul>
            {configured.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>{t('PRIVACY_POLICY.contact')}</h2>
      {hasContact ? <SupportContacts customization={customization} /> : <p>{DEFAULT_SUPPORT_CONTACT[language]}</p>}
      {customization.imprint_link && (
        <p>
          <a href={customization.imprint_link} target="_blank" rel="noopener noreferrer">
            {t('FOOTER.imprint')}
          </a>
        </p>
      )}
    </section>
  );
}
