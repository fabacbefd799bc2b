import { useConfigStore } from '@assistant/platform';
import { useEffect } from 'react';

/** The document title: "<page> – <application name>", or the application name alone. */
export function usePageTitle(pageTitle?: string): void {
  const applicationName = useConfigStore((state) => state.config.customization.application_name);
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} – ${applicationName}` : applicationName;
  }, [pageTitle, applicationName]);
}
