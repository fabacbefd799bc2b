import type { Locale } from '@assistant/contracts';

export const SUPPORTED_LANGUAGES = ['de', 'en'] as const satisfies readonly Locale[];
export const DEFAULT_LANGUAGE: Locale = 'de';

/**
 * The interface language from the browser's preferred languages (SPEC section 1): the first entry
 * whose primary subtag is German or English wins ('en-GB' -> en, 'de-AT' -> de); anything else,
 * or no list at all, gives German.
 */
export function detectLanguage(languages: readonly string[] | undefined = browserLanguages()): Locale {
  for (const tag of languages ?? []) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'de' || primary === 'en') return primary;
  }
  return DEFAULT_LANGUAGE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
