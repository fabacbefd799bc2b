import { documentTitle, getAuth } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { clearSignedOut } from './signed-out';

/** The built-in name (index.html's title): the customization needs a signed-in user to load. */
const APPLICATION_NAME = typeof document === 'undefined' ? '' : document.title;

/** What the site root shows after sign-out: the user decides when to sign in again. */
export function SignedOutPage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [leaving, setLeaving] = useState(false);
  const title = t('SIGNED_OUT.title');

  useEffect(() => {
    document.title = documentTitle(title, APPLICATION_NAME);
  }, [title]);

  const signInAgain = () => {
    setLeaving(true);
    clearSignedOut();
    getAuth()
      .signIn({ pathname: '/', search: '', hash: '' })
      .catch((reason: unknown) => {
        console.error('Sign-in could not start', reason);
        setLeaving(false);
      });
  };

  return (
    <main id="main-content" className="shell-standalone">
      <h1>{title}</h1>
      <p>{t('SIGNED_OUT.text')}</p>
      <Button onClick={signInAgain} loading={leaving}>
        {t('SIGNED_OUT.signInAgain')}
      </Button>
    </main>
  );
}
