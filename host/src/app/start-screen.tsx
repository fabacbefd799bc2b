import { useWorkspaceStore } from '@assistant/platform';
import { AppLayout, ErrorState, Loading } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from './shell-i18n';

/**
 * What the page shows while the shell starts, while it leaves for sign-in, or when it cannot start.
 * While loading it draws the shell's frame (AppLayout: the header bar and the sidebar, empty) with
 * the indicator in the main area, so the shell's first frame takes the same space and nothing
 * moves when it replaces this screen (no layout shift).
 */
export function StartScreen({ state }: { state: 'loading' | 'signing-in' | 'failed' }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const sidebarOpen = useWorkspaceStore((s) => s.sidebarOpen);
  if (state === 'failed') {
    return (
      <main id="main-content" className="shell-standalone">
        <ErrorState
          title={t('START.failedTitle')}
          message={t('START.failedText')}
          retryLabel={t('START.retry')}
          onRetry={() => window.location.reload()}
          headingLevel={2}
        />
      </main>
    );
  }
  return (
    <AppLayout
      header={<div className="shell-header" />}
      sidebar={<div className="shell-start-sidebar" />}
      sidebarOpen={sidebarOpen}
      skipLinkLabel={t('NAVIGATION.skip')}
      toggleLabel={t('NAVIGATION.toggle')}
    >
      <Loading label={t(state === 'loading' ? 'START.loading' : 'START.signingIn')} showLabel fill />
    </AppLayout>
  );
}
