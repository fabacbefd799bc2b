import type { CustomApp } from '@assistant/contracts';
import { customAppsQuery } from '@assistant/endpoints';
import { useConfigStore, useDocumentTitle, useQuery } from '@assistant/platform';
import { Badge, Button, ErrorState, FileImportButton, Loading, PageHeader, SharingBadge, useAnnouncer } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { NAMESPACE } from '../namespace';
import { NEW_APP_PATH, editPath, runPath, versionsPath } from '../paths';
import { ImportProblem } from '../features/custom-apps/components/import-problem';
import { ShareAppDialog } from '../features/custom-apps/components/share-app-dialog';
import { ownsApp, sharedWithMe } from '../features/custom-apps/model/app-access';
import { useAppTransfer, type TransferResult } from '../features/custom-apps/hooks/use-app-transfer';
import type { ExportFileProblem } from '../features/custom-apps/model/read-export-file';
import { FailureAlert } from '../features/result/components/failure-alert';
import { failureFromError, type UseCaseFailure } from '../features/result/model/failure';
import { fieldMessage } from '../features/result/model/field-message';
import '../usecases.css';

/**
 * /create-your-own: my apps, those colleagues shared with me and the company's, each opened at
 * /usecases/{id} and marked with how it is shared; a new app and an imported one when the
 * customization's create_your_own_enabled is on (otherwise existing apps can still be run,
 * exported and deleted, and the page says why there is no "new app"). Each app can be exported;
 * with the setting on, duplicated as the user's own copy. Its owner shares a personal app.
 */
export default function CreateYourOwnPage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('apps.title'));
  const enabled = useConfigStore((state) => state.config.customization.create_your_own_enabled);
  const apps = useQuery(customAppsQuery());
  const transfer = useAppTransfer();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<UseCaseFailure | null>(null);
  const [problem, setProblem] = useState<{ fileName: string; problem: ExportFileProblem } | null>(null);
  const [announcement, announce] = useAnnouncer();
  const [sharing, setSharing] = useState<CustomApp | null>(null);
  const mine = (apps.data ?? []).filter((app) => app.visibility === 'personal' && !sharedWithMe(app));
  const shared = (apps.data ?? []).filter(sharedWithMe);
  const company = (apps.data ?? []).filter((app) => app.visibility === 'company');

  /** Runs a card's action with its button busy; a failed call is shown above the lists. */
  const run = async <T,>(key: string, action: () => Promise<TransferResult<T>>): Promise<T | undefined> => {
    setBusy(key);
    setFailure(null);
    const result = await action();
    setBusy(null);
    if (result.ok) return result.value;
    if ('error' in result) setFailure(failureFromError(result.error));
    return undefined;
  };
  const duplicate = async (app: CustomApp) => {
    const copy = await run(`duplicate:${app.id}`, () => transfer.duplicate(app));
    if (copy) announce(t('apps.duplicated', { name: copy.name }));
  };

  const importFile = async (file: File) => {
    setFailure(null);
    setProblem(null);
    const result = await transfer.importFile(file);
    if (result.ok) announce(t('apps.imported', { name: result.value.name }));
    else if ('problem' in result) setProblem({ fileName: file.name, problem: result.problem });
    else setFailure(failureFromError(result.error));
  };

  const actions = {
    busy,
    enabled,
    onDuplicate: (app: CustomApp) => void duplicate(app),
    onExport: (app: CustomApp) => void run(`export:${app.id}`, () => transfer.exportToFile(app)),
    onShare: setSharing,
  };

  return (
    <section className="usecases">
      <PageHeader
        title={t('apps.title')}
        description={enabled ? t('apps.intro') : t('apps.introDisabled')}
        actions={
          enabled ? (
            <>
              <Link className="ui-button ui-button--primary ui-button--md" to={NEW_APP_PATH}>
                {t('apps.new')}
              </Link>
              <FileImportButton label={t('apps.import')} loading={transfer.importing} onFile={(file) => void importFile(file)} />
            </>
          ) : undefined
        }
      />
      {problem && <ImportProblem fileName={problem.fileName} problem={problem.problem} describe={(message) => fieldMessage(t, message)} onClose={() => setProblem(null)} />}
      {failure && <FailureAlert failure={failure} />}
      {apps.isPending ? (
        <Loading label={t('loading')} />
      ) : apps.isError ? (
        <ErrorState title={t('apps.listFailed')} onRetry={() => void apps.refetch()} retryLabel={t('retry')} />
      ) : (
        <>
          <AppList title={t('apps.mine')} apps={mine} empty={enabled ? t('apps.mineEmpty') : t('apps.mineEmptyDisabled')} {...actions} />
          {shared.length > 0 && <AppList title={t('apps.sharedWithMe')} apps={shared} empty="" {...actions} />}
          <AppList title={t('apps.companyApps')} apps={company} empty={t('apps.companyEmpty')} {...actions} />
        </>
      )}
      {sharing && <ShareAppDialog app={sharing} onClose={() => setSharing(null)} />}
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

interface AppListProps {
  title: string;
  apps: CustomApp[];
  empty: string;
  enabled: boolean;
  busy: string | null;
  onDuplicate(app: CustomApp): void;
  onExport(app: CustomApp): void;
  onShare(app: CustomApp): void;
}

function AppList({ title, apps, empty, enabled, busy, onDuplicate, onExport, onShare }: AppListProps) {
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
                <SharingBadge sharing={app.sharing} />
                {app.can_edit && (
                  <Link to={editPath(app.id)} aria-label={t('apps.editNamed', { name: app.name })}>
                    {t('apps.edit')}
                  </Link>
                )}
                {app.can_edit && (
                  <Link to={versionsPath(app.id)} aria-label={t('apps.versionsNamed', { name: app.name })}>
                    {t('apps.versions')}
                  </Link>
                )}
              </span>
              <span className="usecases__card-actions">
                {enabled && (
                  <Button variant="ghost" size="sm" loading={busy === `duplicate:${app.id}`} aria-label={t('apps.duplicateNamed', { name: app.name })} onClick={() => onDuplicate(app)}>
                    {t('apps.duplicate')}
                  </Button>
                )}
                <Button variant="ghost" size="sm" loading={busy === `export:${app.id}`} aria-label={t('apps.exportNamed', { name: app.name })} onClick={() => onExport(app)}>
                  {t('apps.export')}
                </Button>
                {app.visibility === 'personal' && ownsApp(app) && (
                  <Button variant="ghost" size="sm" aria-label={t('apps.shareNamed', { name: app.name })} onClick={() => onShare(app)}>
                    {t('apps.share')}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
