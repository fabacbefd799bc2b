import { currentLanguage, useConfigStore, useDocumentTitle, useFeature } from '@assistant/platform';
import { PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { ShortcutTable } from '../../layout/shortcut-table';
import { AccessibilityFeedbackForm } from './accessibility-feedback-form';

/** The accessibility statement (customization, or the shell's default) with contact and feedback (feature set 250700+). */
export function AccessibilityPage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const customization = useConfigStore((state) => state.config.customization);
  const contactAvailable = useFeature('accessibilityContact');
  useDocumentTitle(t('ACCESSIBILITY.title'));
  const statement = customization.accessibility_statement?.[currentLanguage()]?.trim() || t('ACCESSIBILITY.defaultStatement');

  return (
    <section className="shell-page">
      <PageHeader title={t('ACCESSIBILITY.title')} />
      {statement.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      <h2>{t('SHORTCUTS.title')}</h2>
      <p>{t('SHORTCUTS.intro')}</p>
      <ShortcutTable headingLevel={3} />
      {contactAvailable && (
        <>
          {(customization.support_email || customization.support_phone) && (
            <>
              <h2>{t('ACCESSIBILITY.contact')}</h2>
              <ul>
                {customization.support_email && (
                  <li>
                    <a href={`mailto:${customization.support_email}`}>
                      {t('ACCESSIBILITY.contactEmail', { email: customization.support_email })}
                    </a>
                  </li>
                )}
                {customization.support_phone && <li>{t('ACCESSIBILITY.contactPhone', { phone: customization.support_phone })}</li>}
              </ul>
            </>
          )}
          <h2>{t('ACCESSIBILITY.feedbackTitle')}</h2>
          <p>{t('ACCESSIBILITY.feedbackIntro')}</p>
          <AccessibilityFeedbackForm />
        </>
      )}
    </section>
  );
}
