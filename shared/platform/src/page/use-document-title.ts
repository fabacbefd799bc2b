import { useEffect } from 'react';
import { useConfigStore } from '../stores/config-store';

/** "<page> – <application name>", or whichever of the two is not empty. */
export function documentTitle(pageTitle: string | undefined, applicationName: string): string {
  return [pageTitle, applicationName].filter(Boolean).join(' – ');
}

/**
 * The document title while a page is shown: "<page> – <application name>" with the
 * customization's name; the name alone for a page without a title of its own (the home page).
 */
export function useDocumentTitle(pageTitle?: string): void {
  const applicationName = useConfigStore((state) => state.config.customization.application_name);
  useEffect(() => {
    document.title = documentTitle(pageTitle, applicationName);
  }, [pageTitle, applicationName]);
}
