import type { Locale } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';

/** The interface language as one of the two the product speaks. */
export function useUiLanguage(): Locale {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'de';
}
