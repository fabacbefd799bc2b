import { useDocumentTitle } from '@assistant/platform';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

export function NotFoundPage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('NOT_FOUND.title'));
  return (
    <section className="shell-page">
      <h1>{t('NOT_FOUND.title')}</h1>
      <p>{t('NOT_FOUND.text')}</p>
      <p>
        <Link to="/">{t('NOT_FOUND.home')}</Link>
      </p>
    </section>
  );
}
