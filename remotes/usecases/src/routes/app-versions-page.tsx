import type { CustomApp, CustomAppVersionSummary } from '@assistant/contracts';
import { ApiRequestError, formatLongDate, notifySuccess, useConfigStore, useDocumentTitle, useLocale } from '@assistant/platform';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@assistant/routing';
import { NAMESPACE } from '../namespace';
import { CREATE_YOUR_OWN_PATH, editPath, runPath } from '../paths';
import { isAppId, useCustomApp } from '../features/custom-apps/api/get-custom-app';
import { useAppVersions } from '../features/custom-apps/api/get-app-versions';
import { useRestoreAppVersion } from '../features/custom-apps/api/restore-app-version';
import { VersionChanges } from '../features/custom-apps/components/version-changes';
import { FailureAlert } from '../features/result/components/failure-alert';
import { failureFromError, type UseCaseFailure } from '../features/result/model/failure';
import '../usecases.css';

/**
 * /create-your-own/{id}/versions: every version of an app the user may change, newest first, each
 * compared with the one before; "Restore" makes an earlier version the newest one (nothing is
 * lost: the versions in between stay).
 */
export default function AppVersionsPage() {
  const { appId } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const app = useCustomApp(appId);
  useDocumentTitle(app.data ? t('versions.titleNamed', { name: app.data.name }) : t('versions.title'));

  const invalid = !isAppId(appId);
  if (!invalid && app.isPending) return <Loading label={t('loading')} fill />;
  if (invalid || app.isError || !app.data) {
    const missing = invalid || (app.error instanceof ApiRequestError && (app.error.code === 'not_found' || app.error.code === 'validation_failed'));
    return (
      <section className="usecases">
        <PageHeader title={t('versions.title')} />
        {missing ? (
          <EmptyState headingLevel={2} title={t('apps.notFoundTitle')} text={t('apps.notFoundText')} action={<Link to={CREATE_YOUR_OWN_PATH}>{t('apps.backToList')}</Link>} />
        ) : (
          <ErrorState headingLevel={2} title={t('apps.loadFailed')} onRetry={() => void app.refetch()} retryLabel={t('retry')} />
        )}
      </section>
    );
  }
  if (!app.data.can_edit) {
    return (
      <section className="usecases">
        <PageHeader title={t('versions.title')} />
        <EmptyState headingLevel={2} title={t('versions.readOnlyTitle')} text={t('editor.readOnlyText')} action={<Link to={runPath(app.data.id)}>{t('apps.open', { name: app.data.name })}</Link>} />
      </section>
    );
  }
  return <VersionHistory app={app.data} />;
}

function VersionHistory({ app }: { app: CustomApp }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const enabled = useConfigStore((state) => state.config.customization.create_your_own_enabled);
  const versions = useAppVersions(app.id);
  const restore = useRestoreAppVersion();
  const [selected, setSelected] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<CustomAppVersionSummary | null>(null);
  const [failure, setFailure] = useState<UseCaseFailure | null>(null);
  const list = versions.data ?? [];
  const shown = list.find((entry) => entry.version === selected) ?? list[0];

  const confirmRestore = async () => {
    if (!confirm) return;
    setFailure(null);
    try {
      const restored = await restore.mutateAsync({ id: app.id, version: confirm.version, baseVersion: app.version });
      notifySuccess({ message: { key: 'versions.restored', ns: NAMESPACE, values: { version: confirm.version, current: restored.version } } });
      setSelected(restored.version);
    } catch (error) {
      const next = failureFromError(error);
      // Changed meanwhile: the mutation reloads the app and its versions; the page says why nothing happened.
      setFailure(next.kind === 'conflict' ? { kind: 'conflict', detail: t('versions.conflict') } : next);
    } finally {
      setConfirm(null);
    }
  };

  return (
    <section className="usecases">
      <PageHeader title={t('versions.titleNamed', { name: app.name })} description={t('versions.intro')} actions={app.visibility === 'company' ? <Badge>{t('apps.company')}</Badge> : undefined} />
      <p>
        <Link to={editPath(app.id)}>{t('versions.backToEditor')}</Link>
        {' · '}
        <Link to={CREATE_YOUR_OWN_PATH}>{t('apps.backToList')}</Link>
      </p>
      {failure && <FailureAlert failure={failure} />}
      {versions.isPending ? (
        <Loading label={t('loading')} />
      ) : versions.isError ? (
        <ErrorState headingLevel={2} title={t('versions.listFailed')} onRetry={() => void versions.refetch()} retryLabel={t('retry')} />
      ) : (
        <div className="usecases__versions">
          <ol className="usecases__version-list" aria-label={t('versions.listLabel')}>
            {list.map((entry) => {
              const current = entry.version === app.version;
              return (
                <li key={entry.version} className="usecases__version" aria-current={shown?.version === entry.version ? 'true' : undefined}>
                  <span className="usecases__version-title">
                    {t('versions.number', { version: entry.version })}
                    {current && <Badge>{t('versions.current')}</Badge>}
                  </span>
                  <span>{entry.change === 'restored' ? t('versions.change.restored', { version: entry.restored_from }) : t(`versions.change.${entry.change}`)}</span>
                  <span className="usecases__time">
                    {formatLongDate(entry.created_at, { language })} · {t('versions.by', { name: entry.author.name })}
                  </span>
                  <span className="usecases__actions">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-pressed={shown?.version === entry.version}
                      aria-label={t('versions.showNamed', { version: entry.version })}
                      onClick={() => setSelected(entry.version)}
                    >
                      {t('versions.show')}
                    </Button>
                    {enabled && !current && (
                      <Button variant="secondary" size="sm" aria-label={t('versions.restoreNamed', { version: entry.version })} onClick={() => setConfirm(entry)}>
                        {t('versions.restore')}
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
          {shown && <VersionChanges key={shown.version} appId={app.id} version={shown} />}
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        loading={restore.isPending}
        title={t('versions.restoreTitle', { version: confirm?.version ?? 0 })}
        message={t('versions.restoreText', { version: confirm?.version ?? 0, next: app.version + 1 })}
        confirmLabel={t('versions.restoreConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={() => void confirmRestore()}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
