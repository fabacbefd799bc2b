import type { LibraryConnection } from '@assistant/contracts';
import { useLibrarySignIn } from '@assistant/endpoints';
import { LocalizedError, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { describeSignInFailure } from '../model/describe-library-error';

/**
 * "Sign in again" for a Microsoft 365 connection whose sign-in expired or was revoked (nothing for
 * one that is connected): the same
 * popup as connecting; the server gives the connection (and its synced folders) the new tokens
 * when the same account signs in.
 */
export function SignInAgainButton({ library }: { library: LibraryConnection }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const signIn = useLibrarySignIn();
  const { data: signedIn, error } = signIn;
  useEffect(() => {
    if (signedIn) notifySuccess({ message: { text: t('libraries.signInAgain.done', { name: signedIn.name }) } });
  }, [signedIn, t]);
  useEffect(() => {
    if (!error) return;
    const failure = describeSignInFailure(error, t, language);
    if (!failure.expected) console.error(error);
    notifyError(new LocalizedError(t('libraries.signInAgain.failed', { name: library.name, reason: failure.message })));
  }, [error, library.name, t, language]);
  // Mounted for every Microsoft 365 connection, so the outcome is told after the state changed.
  if (library.state === 'connected' && !signIn.isPending) return null;
  return (
    <Button loading={signIn.isPending} onClick={() => signIn.start({ name: library.name, scope: library.scope })}>
      {t('libraries.signInAgain.open')}
    </Button>
  );
}
