import { getAuth } from '@assistant/platform';
import { Loading } from '@assistant/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@assistant/routing';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { SignInProblem } from './sign-in-problem';

/**
 * /callback inside the router. Start-up completes a sign-in before the router exists, so this page
 * is reached only when the identity provider sends the browser back to an already running shell.
 */
export function CallbackPage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    getAuth()
      .completeSignIn(window.location.href)
      .then((target) => navigate(target, { replace: true }))
      .catch((error: unknown) => {
        console.warn('Sign-in callback failed', error);
        setFailure({ error });
      });
  }, [navigate]);
  if (failure) return <SignInProblem error={failure.error} />;
  return <Loading label={t('CALLBACK.signingIn')} showLabel fill />;
}

/**
 * /oauth/callback: the end of a connector's OAuth flow (document library). It needs no sign-in to
 * the portal; it tells the window that opened it and says it may be closed.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  useEffect(() => {
    const params = Object.fromEntries(new URLSearchParams(window.location.search));
    window.opener?.postMessage({ type: 'oauth-callback', params }, window.location.origin);
  }, []);
  return (
    <main className="shell-standalone" id="main-content">
      <h1>{t('CALLBACK.oauthDone')}</h1>
      <p>{t('CALLBACK.oauthDoneText')}</p>
    </main>
  );
}
