import type { RemoteModule } from '@assistant/platform';
import defaultI18next, { type i18n as I18n } from 'i18next';
import de from './locales/de.json';
import en from './locales/en.json';

/** Namespace of the texts this folder shows itself (loading, error with retry). */
export const FEDERATION_NAMESPACE = 'federation';

const LANGUAGES = ['de', 'en'] as const;

/**
 * Adds a namespace's texts to the i18next instance the React tree uses (from react-i18next's
 * context, falling back to the default instance): the platform's one instance in the shell, so a
 * remote's `useTranslation('<namespace>')` finds its texts. Idempotent; an existing bundle is
 * deep-merged, so a newer remote version can add keys.
 */
export function addNamespace(
  i18n: I18n | undefined,
  namespace: string,
  resources: Record<(typeof LANGUAGES)[number], Record<string, unknown>>,
): void {
  const instance = i18n ?? defaultI18next;
  // The store methods exist only after init(); the shell initializes i18n before it renders.
  if (typeof instance.addResourceBundle !== 'function') {
    console.error(`[federation] i18next is not initialized; texts of "${namespace}" not added`);
    return;
  }
  for (const language of LANGUAGES) {
    instance.addResourceBundle(language, namespace, resources[language], true, true);
  }
}

export function addRemoteNamespace(i18n: I18n | undefined, remote: RemoteModule): void {
  addNamespace(i18n, remote.i18n.namespace, remote.i18n.resources);
}

export function addFederationNamespace(i18n: I18n | undefined): void {
  const instance = i18n ?? defaultI18next;
  if (typeof instance.hasResourceBundle === 'function' && LANGUAGES.every((language) => instance.hasResourceBundle(language, FEDERATION_NAMESPACE))) return;
  addNamespace(instance, FEDERATION_NAMESPACE, { de, en });
}
