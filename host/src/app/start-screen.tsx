import { ErrorState, Loading } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from './shell-i18n';

/** What the page shows while the shell starts, while it leaves for sign-in, or when it cannot start. */
export function StartScreen({ state }: { state: 'loading' | 'signing-in' | 'failed' }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
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
    <main id="main-content" className="shell-standalone">
      <Loading label={t(state === 'loading' ? 'START.loading' : 'START.signingIn')} showLabel fill />
    </main>
  );
}
