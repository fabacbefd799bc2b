import { useConfigStore } from '@assistant/platform';
import { useEffect } from 'react';

/** "<page> – <application name>" while the page is shown. */
export function usePageTitle(title: string): void {
  const applicationName = useConfigStore((state) => state.config.customization.application_name);
  useEffect(() => {
    document.title = applicationName ? `${title} – ${applicationName}` : title;
  }, [title, applicationName]);
}
