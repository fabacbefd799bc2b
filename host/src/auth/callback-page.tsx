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
 * /oauth/callback: the end of a connector's OAuth popup (a document library's sign-in). It needs no
 * sign-in to the portal: it hands the provider's answer to the portal window that opened it
 * (same origin only; that window checks the state) and closes. Opened any other way, it says that
 * the sign-in has to start again from the portal.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [orphan, setOrphan] = useState(false);
  useEffect(() => {
    // The popup's hand-over lives with the library endpoints (one shared chunk), not in the
    // portal's own sign-in callback that shares this page's chunk.
    void (async () => {
      try {
        const { handOAuthCallbackToOpener } = await import(/* webpackChunkName: "shared-endpoints" */ '@assistant/endpoints');
        if (!handOAuthCallbackToOpener()) setOrphan(true);
      } catch {
        setOrphan(true);
      }
    })();
  }, []);
  if (!orphan) return <Loading label={t('CALLBACK.oauthReturning')} showLabel fill />;
  return (
    <main className="shell-standalone" id="main-content">
      <h1>{t('CALLBACK.oauthOrphan')}</h1>
      <p>{t('CALLBACK.oauthOrphanText')}</p>
    </main>
  );
}
