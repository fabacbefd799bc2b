import type { Customization } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/** A phone number as a tel: link wants it: digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '')}`;
}

/** The configured support email (a mailto: link) and phone (a tel: link) as list items; nothing for unset ones. */
export function SupportContactItems({ customization }: { customization: Pick<Customization, 'support_email' | 'support_phone'> }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  return (
    <>
      {customization.support_email && (
        <li>
          <a href={`mailto:${customization.support_email}`}>{t('FOOTER.email', { email: customization.support_email })}</a>
        </li>
      )}
      {customization.support_phone && (
        <li>
          <a href={telHref(customization.support_phone)}>{t('FOOTER.phone', { phone: customization.support_phone })}</a>
        </li>
      )}
    </>
  );
}

/** The support contacts as a list of their own (the privacy policy page's contact section). */
export function SupportContacts({ customization }: { customization: Pick<Customization, 'support_email' | 'support_phone'> }) {
  return (
    <ul>
      <SupportContactItems customization={customization} />
    </ul>
  );
}
