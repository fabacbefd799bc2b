import type { Locale } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';

/** The interface language of the remote's i18n instance (German unless it is English). */
export function useUiLanguage(): Locale {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'de';
}
