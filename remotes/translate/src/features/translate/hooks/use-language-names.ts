import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A language code's name in the interface language ("Englisch (Vereinigtes Königreich)" for en-GB
 * in German), from Intl.DisplayNames; the code itself when the browser knows no name for it.
 */
export function useLanguageNames(): (code: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([language], { type: 'language', fallback: 'code' });
    } catch {
      return undefined;
    }
  }, [language]);
  return useCallback(
    (code: string) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code; // not a well-formed tag
      }
    },
    [names],
  );
}
