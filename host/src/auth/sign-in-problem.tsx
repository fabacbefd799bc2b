import { SignInLinkExpiredError, getAuth, takeRedirectInfo, type RedirectInfo } from '@assistant/platform';
import { Button, ErrorState } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

const ROOT: RedirectInfo = { pathname: '/', search: '', hash: '' };

/**
 * What /callback shows when the sign-in cannot be completed, at start-up and inside the router.
 * An expired link (used already, opened in another browser, bookmarked, too old) is nobody's
 * fault: a calm page, no alert. Any other error (the provider refused, the token request failed)
 * is a failure. Either way the callback's state is used up, so the action is a fresh sign-in, back
 * to the location saved before the first attempt, or the root.
 */
export function SignInProblem({ error }: { error: unknown }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [leaving, setLeaving] = useState(false);
  const signInAgain = () => {
    setLeaving(true);
    getAuth()
      .signIn(takeRedirectInfo() ?? ROOT)
      .catch((reason: unknown) => {
        console.error('Sign-in could not start', reason);
        setLeaving(false);
      });
  };

  if (error instanceof SignInLinkExpiredError) {
    return (
      <main id="main-content" className="shell-standalone">
        <h1>{t('CALLBACK.expiredTitle')}</h1>
        <p>{t('CALLBACK.expiredText')}</p>
        <Button onClick={signInAgain} loading={leaving}>
          {t('CALLBACK.signInAgain')}
        </Button>
      </main>
    );
  }
  return (
    <main id="main-content" className="shell-standalone">
      <ErrorState
        title={t('CALLBACK.failed')}
        message={t('CALLBACK.failedText')}
        retryLabel={t('CALLBACK.signInAgain')}
        retrying={leaving}
        onRetry={signInAgain}
        headingLevel={2}
      />
    </main>
  );
}
