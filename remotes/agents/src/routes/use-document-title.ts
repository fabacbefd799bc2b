import { useConfigStore } from '@assistant/platform';
import { useEffect } from 'react';

/** The document title "<page> – <application name>", as the shell's own pages set it. */
export function useDocumentTitle(pageTitle: string): void {
  const applicationName = useConfigStore((state) => state.config.customization.application_name);
  useEffect(() => {
    document.title = `${pageTitle} – ${applicationName}`;
  }, [pageTitle, applicationName]);
}
