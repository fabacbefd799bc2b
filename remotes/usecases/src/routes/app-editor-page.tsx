import { APP_ICONS, CUSTOM_APP_DESCRIPTION_MAX_LENGTH, CUSTOM_APP_NAME_MAX_LENGTH, fillTemplate, type AppIcon, type CustomApp } from '@assistant/contracts';
import { ApiRequestError, notifySuccess, useConfigStore, useDocumentTitle, usePermission } from '@assistant/platform';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Loading, PageHeader, Select, TextArea, TextField, useAnnouncer } from '@assistant/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '@assistant/routing';
import { NAMESPACE } from '../namespace';
import { CREATE_YOUR_OWN_PATH, editPath, runPath, versionsPath } from '../paths';
import { getCustomApp, isAppId, useCustomApp } from '../features/custom-apps/api/get-custom-app';
import { useDeleteCustomApp } from '../features/custom-apps/api/delete-custom-app';
import { useSetPublished } from '../features/custom-apps/api/publish-custom-app';
import { useSaveCustomApp } from '../features/custom-apps/api/save-custom-app';
import { RunFields } from '../features/custom-apps/components/run-fields';
import { ShareAppDialog } from '../features/custom-apps/components/share-app-dialog';
import { ownsApp } from '../features/custom-apps/model/app-access';
import { VariablesEditor } from '../features/custom-apps/components/variables-editor';
import { definitionOf, draftIssues, draftOf, emptyDraft, previewVariables, undeclaredNames, type AppDraft } from '../features/custom-apps/model/draft';
import { FailureAlert } from '../features/result/components/failure-alert';
import { failureFromError, type UseCaseFailure } from '../features/result/model/failure';
import { fieldMessage } from '../features/result/model/field-message';
import '../usecases.css';

/**
 * /create-your-own/new and /create-your-own/{id}/edit: an app's name, icon, description, prompt
 * template and variables, checked with the contracts' schema as the server checks it, with a live
 * preview (its form and the filled template). Saving names the version it is based on; a 409
 * offers the current version or saving over it. Colleagues an app is shared with to edit save it
 * too; its owner shares it and deletes it (with confirmation); administrators publish an app for
 * the company or take it back.
 */
export default function AppEditorPage() {
  const { appId } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const existing = useCustomApp(appId);
  const enabled = useConfigStore((state) => state.config.customization.create_your_own_enabled);
  useDocumentTitle(appId ? t('editor.editTitle') : t('editor.newTitle'));

  if (!enabled) {
    return (
      <section className="usecases">
        <PageHeader title={t('apps.title')} />
        <EmptyState headingLevel={2} title={t('editor.disabledTitle')} text={t('editor.disabledText')} action={<Link to={CREATE_YOUR_OWN_PATH}>{t('apps.backToList')}</Link>} />
      </section>
    );
  }
  if (appId === undefined) return <AppEditor key="new" />;
  const invalid = !isAppId(appId);
  if (!invalid && existing.isPending) return <Loading label={t('loading')} fill />;
  if (invalid || existing.isError || !existing.data) {
    const missing = invalid || (existing.error instanceof ApiRequestError && (existing.error.code === 'not_found' || existing.error.code === 'validation_failed'));
    return (
      <section className="usecases">
        <PageHeader title={t('apps.title')} />
        {missing ? (
          <EmptyState headingLevel={2} title={t('apps.notFoundTitle')} text={t('apps.notFoundText')} action={<Link to={CREATE_YOUR_OWN_PATH}>{t('apps.backToList')}</Link>} />
        ) : (
          <ErrorState headingLevel={2} title={t('apps.loadFailed')} onRetry={() => void existing.refetch()} retryLabel={t('retry')} />
        )}
      </section>
    );
  }
  if (!existing.data.can_edit) {
    return (
      <section className="usecases">
        <PageHeader title={t('apps.title')} />
        <EmptyState headingLevel={2} title={t('editor.readOnlyTitle')} text={t('editor.readOnlyText')} action={<Link to={runPath(existing.data.id)}>{t('apps.open', { name: existing.data.name })}</Link>} />
      </section>
    );
  }
  return <AppEditor key={existing.data.id} app={existing.data} />;
}

function AppEditor({ app }: { app?: CustomApp }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const isAdministrator = usePermission('AdministrateAssistant') === true;
  const [draft, setDraft] = useState<AppDraft>(() => (app ? draftOf(app) : emptyDraft()));
  const [version, setVersion] = useState(app?.version);
  const [current, setCurrent] = useState<CustomApp | undefined>(app);
  const [showIssues, setShowIssues] = useState(false);
  const [failure, setFailure] = useState<UseCaseFailure | null>(null);
  const [conflict, setConflict] = useState<CustomApp | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [sample, setSample] = useState<Record<string, string>>({});
  const [announcement, announce] = useAnnouncer();
  const save = useSaveCustomApp();
  const remove = useDeleteCustomApp();
  const publish = useSetPublished();
  const ids = useId();

  const issues = draftIssues(draft);
  const issueCount = Object.keys(issues).length;
  const shown = showIssues ? issues : {};
  const message = (key: string) => (shown[key] ? shown[key].map((text) => fieldMessage(t, text)).join(' ') : undefined);
  const preview = previewVariables(draft);
  const filled = fillTemplate(draft.template, Object.fromEntries(preview.map((variable) => [variable.name, sample[variable.name] ?? ''])));

  useEffect(() => {
    if (app) setCurrent(app);
  }, [app]);

  // After a refused save the summary of what to correct takes the focus (once it is rendered).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) document.getElementById(`${ids}-summary`)?.focus();
  }, [refusals, ids]);

  const submit = async (event?: FormEvent, basedOn = version) => {
    event?.preventDefault();
    setShowIssues(true);
    setFailure(null);
    if (issueCount > 0) {
      // The summary is an alert: it says the count itself.
      setRefusals((count) => count + 1);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: current?.id, version: basedOn, definition: definitionOf(draft) });
      setConflict(null);
      setVersion(saved.version);
      setCurrent(saved);
      // A toast, not the page's own announcer: a new app's page is replaced by its edit page.
      notifySuccess({ message: { key: 'editor.saved', ns: NAMESPACE, values: { name: saved.name } } });
      if (!current) navigate(editPath(saved.id), { replace: true });
    } catch (error) {
      const next = failureFromError(error);
      if (next.kind === 'conflict' && current) {
        try {
          setConflict(await getCustomApp(current.id));
        } catch (reload) {
          setFailure(failureFromError(reload));
        }
        return;
      }
      setFailure(next);
    }
  };

  const togglePublished = async () => {
    if (!current) return;
    setFailure(null);
    try {
      const changed = await publish.mutateAsync({ id: current.id, published: current.visibility !== 'company' });
      setCurrent(changed);
      setVersion(changed.version);
      announce(changed.visibility === 'company' ? t('editor.published') : t('editor.unpublished'));
    } catch (error) {
      setFailure(failureFromError(error));
    }
  };

  const confirmRemove = async () => {
    if (!current) return;
    try {
      await remove.mutateAsync(current.id);
      setConfirmDelete(false);
      notifySuccess({ message: { key: 'editor.deleted', ns: NAMESPACE, values: { name: current.name } } });
      navigate(CREATE_YOUR_OWN_PATH);
    } catch (error) {
      setConfirmDelete(false);
      setFailure(failureFromError(error));
    }
  };

  return (
    <section className="usecases">
      <PageHeader
        title={current ? t('editor.editTitleNamed', { name: current.name }) : t('editor.newTitle')}
        description={t('editor.intro')}
        actions={current?.visibility === 'company' ? <Badge>{t('apps.company')}</Badge> : undefined}
      />
      <p>
        <Link to={CREATE_YOUR_OWN_PATH}>{t('apps.backToList')}</Link>
        {current && (
          <>
            {' · '}
            <Link to={runPath(current.id)}>{t('apps.open', { name: current.name })}</Link>
            {' · '}
            <Link to={versionsPath(current.id)}>{t('apps.versions')}</Link>
          </>
        )}
      </p>
      <form className="usecases__form" onSubmit={(event) => void submit(event)} aria-label={t('editor.formLabel')} noValidate>
        {showIssues && issueCount > 0 && (
          <div id={`${ids}-summary`} tabIndex={-1} role="alert" className="usecases__failure">
            <p className="usecases__failure-title">{t('editor.fixIssues', { count: issueCount })}</p>
          </div>
        )}
        <TextField label={t('editor.name')} value={draft.name} maxLength={CUSTOM_APP_NAME_MAX_LENGTH} onChange={(event) => setDraft({ ...draft, name: event.target.value })} error={message('name')} />
        <Select
          label={t('editor.icon')}
          value={draft.icon}
          options={APP_ICONS.map((icon) => ({ value: icon, label: t(`icons.${icon}`) }))}
          onChange={(event) => setDraft({ ...draft, icon: event.target.value as AppIcon })}
          error={message('icon')}
        />
        <TextArea
          label={t('editor.description')}
          rows={2}
          value={draft.description}
          maxLength={CUSTOM_APP_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          error={message('description')}
        />
        <TextArea
          label={t('editor.template')}
          rows={8}
          value={draft.template}
          description={t('editor.templateHint')}
          onChange={(event) => setDraft({ ...draft, template: event.target.value })}
          error={message('template')}
        />
        <VariablesEditor variables={draft.variables} issues={shown} undeclared={undeclaredNames(draft)} onChange={(variables) => setDraft({ ...draft, variables })} />
        {message('variables') && <p className="usecases__error">{message('variables')}</p>}

        {conflict && (
          <div role="alert" className="usecases__failure">
            <p className="usecases__failure-title">{t('editor.conflictTitle')}</p>
            <p>{t('editor.conflictText', { version: conflict.version })}</p>
            <div className="usecases__actions">
              <Button
                variant="secondary"
                onClick={() => {
                  setDraft(draftOf(conflict));
                  setVersion(conflict.version);
                  setCurrent(conflict);
                  setConflict(null);
                }}
              >
                {t('editor.conflictLoad')}
              </Button>
              <Button variant="secondary" onClick={() => void submit(undefined, conflict.version)}>
                {t('editor.conflictOverwrite')}
              </Button>
            </div>
          </div>
        )}
        {failure && <FailureAlert failure={failure} />}
        <div className="usecases__actions">
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            {t('editor.save')}
          </Button>
          {current && isAdministrator && (
            <Button variant="secondary" loading={publish.isPending} onClick={() => void togglePublished()}>
              {current.visibility === 'company' ? t('editor.unpublish') : t('editor.publish')}
            </Button>
          )}
          {current && ownsApp(current) && current.visibility === 'personal' && (
            <Button variant="secondary" onClick={() => setSharing(true)}>
              {t('apps.share')}
            </Button>
          )}
          {current && ownsApp(current) && (
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              {t('editor.delete')}
            </Button>
          )}
        </div>
      </form>

      <section className="usecases__preview" aria-labelledby={`${ids}-preview`}>
        <h2 id={`${ids}-preview`} className="usecases__subheading">
          {t('editor.preview')}
        </h2>
        <p className="usecases__hint">{t('editor.previewHint')}</p>
        <div className="usecases__form">
          <RunFields variables={preview} values={sample} errors={{}} onChange={(name, value) => setSample((before) => ({ ...before, [name]: value }))} />
        </div>
        <h3 className="usecases__subheading">{t('editor.previewPrompt')}</h3>
        <pre className="usecases__prompt" tabIndex={0} aria-label={t('editor.previewPrompt')}>
          {filled || t('editor.previewEmpty')}
        </pre>
      </section>

      <ConfirmDialog
        open={confirmDelete}
        danger
        loading={remove.isPending}
        title={t('editor.deleteTitle')}
        message={t('editor.deleteText', { name: current?.name ?? '' })}
        confirmLabel={t('editor.deleteConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirmDelete(false)}
      />
      {sharing && current && <ShareAppDialog app={current} onClose={() => setSharing(false)} />}
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
