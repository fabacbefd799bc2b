import type { Locale } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The interface language as one of the product's two (German unless it is English), re-rendering
 * the caller when it changes: for Intl formatting and texts chosen outside i18next.
 */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'de';
}
