import type { CustomApp } from '@assistant/contracts';
import { useConfigStore } from '@assistant/platform';
import { Badge, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { NAMESPACE } from '../namespace';
import { NEW_APP_PATH, editPath, runPath } from '../paths';
import { useCustomApps } from '../features/custom-apps/api/get-custom-apps';
import { usePageTitle } from '../features/result/hooks/use-page-title';
import '../usecases.css';

/**
 * /create-your-own: my apps and the company's, each opened at /usecases/{id}; a new app when the
 * customization's create_your_own_enabled is on (otherwise existing apps can still be run and
 * deleted, and the page says why there is no "new app").
 */
export default function CreateYourOwnPage() {
  const { t } = useTranslation(NAMESPACE);
  usePageTitle(t('apps.title'));
  const enabled = useConfigStore((state) => state.config.customization.create_your_own_enabled);
  const apps = useCustomApps();
  const mine = (apps.data ?? []).filter((app) => app.visibility === 'personal');
  const company = (apps.data ?? []).filter((app) => app.visibility === 'company');

  return (
    <section className="usecases">
      <PageHeader
        title={t('apps.title')}
        description={enabled ? t('apps.intro') : t('apps.introDisabled')}
        actions={
          enabled ? (
            <Link className="ui-button ui-button--primary ui-button--md" to={NEW_APP_PATH}>
              {t('apps.new')}
            </Link>
          ) : undefined
        }
      />
      {apps.isPending ? (
        <Loading label={t('loading')} />
      ) : apps.isError ? (
        <ErrorState title={t('apps.listFailed')} onRetry={() => void apps.refetch()} retryLabel={t('retry')} />
      ) : (
        <>
          <AppList title={t('apps.mine')} apps={mine} empty={enabled ? t('apps.mineEmpty') : t('apps.mineEmptyDisabled')} />
          <AppList title={t('apps.companyApps')} apps={company} empty={t('apps.companyEmpty')} />
        </>
      )}
    </section>
  );
}

function AppList({ title, apps, empty }: { title: string; apps: CustomApp[]; empty: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="usecases__apps" aria-label={title}>
      <h2 className="usecases__subheading">{title}</h2>
      {apps.length === 0 ? (
        <p className="usecases__hint">{empty}</p>
      ) : (
        <ul className="usecases__cards">
          {apps.map((app) => (
            <li key={app.id} className="usecases__card">
              <Link className="usecases__card-title" to={runPath(app.id)}>
                {app.name}
              </Link>
              {app.description && <span className="usecases__card-text">{app.description}</span>}
              <span className="usecases__card-meta">
                {app.visibility === 'company' && <Badge>{t('apps.company')}</Badge>}
                {app.can_edit && (
                  <Link to={editPath(app.id)} aria-label={t('apps.editNamed', { name: app.name })}>
                    {t('apps.edit')}
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
