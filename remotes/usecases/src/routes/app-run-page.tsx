import { ApiRequestError, useDocumentTitle, useTextStream } from '@assistant/platform';
import { Badge, Button, Checkbox, EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@assistant/routing';
import { NAMESPACE } from '../namespace';
import { CREATE_YOUR_OWN_PATH, editPath } from '../paths';
import { isAppId, useCustomApp } from '../features/custom-apps/api/get-custom-app';
import { runCustomApp } from '../features/custom-apps/api/run-custom-app';
import { RunFields } from '../features/custom-apps/components/run-fields';
import { checkRunValues } from '../features/custom-apps/model/run-issues';
import { DocumentPicker, NO_DOCUMENT, documentPickerFocusId } from '../features/documents/components/document-picker';
import { StreamResult } from '../features/result/components/stream-result';
import { USE_CASE_FAILURES } from '../features/result/model/failure';
import { askedText } from '../features/result/model/asked-text';
import { fieldMessage } from '../features/result/model/field-message';
import '../usecases.css';

/**
 * /usecases/{id}: a custom app's form (its variables), optionally over a processed document of the
 * user's collections; the answer to the filled template streams in (after progress through the
 * parts of a long document).
 */
export default function AppRunPage() {
  const { appId } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const app = useCustomApp(appId);
  useDocumentTitle(app.data?.name ?? t('apps.title'));
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [overDocument, setOverDocument] = useState(false);
  const [picked, setPicked] = useState(NO_DOCUMENT);
  const [documentProblem, setDocumentProblem] = useState<string | null>(null);
  const stream = useTextStream(USE_CASE_FAILURES);
  // The values the running result was asked with (a rating shared with the administrators carries them).
  const [asked, setAsked] = useState('');
  const pickerId = useId();
  const running = stream.status === 'running';

  // A 400 of the run names the wrong variables: show them at their fields.
  const { failure } = stream;
  useEffect(() => {
    if (failure?.kind !== 'invalid' || !failure.issues) return;
    const next: Record<string, string> = {};
    for (const issue of failure.issues) {
      const name = issue.path[0] === 'values' ? issue.path[1] : undefined;
      if (name) next[name] ??= fieldMessage(t, issue.message);
    }
    setErrors(next);
  }, [failure, t]);

  const invalid = !isAppId(appId);
  if (!invalid && app.isPending) return <Loading label={t('loading')} fill />;
  if (invalid || app.isError) {
    const missing = invalid || (app.error instanceof ApiRequestError && (app.error.code === 'not_found' || app.error.code === 'validation_failed'));
    return (
      <section className="usecases">
        <PageHeader title={t('apps.title')} />
        {missing ? (
          <EmptyState
            headingLevel={2}
            title={t('apps.notFoundTitle')}
            text={t('apps.notFoundText')}
            action={<Link to={CREATE_YOUR_OWN_PATH}>{t('apps.backToList')}</Link>}
          />
        ) : (
          <ErrorState headingLevel={2} title={t('apps.loadFailed')} onRetry={() => void app.refetch()} retryLabel={t('retry')} />
        )}
      </section>
    );
  }
  const definition = app.data!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const checked = checkRunValues(definition, values);
    const documentMissing = overDocument && picked.fileId === '';
    setDocumentProblem(documentMissing ? t('documents.missing') : null);
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([name, message]) => [name, fieldMessage(t, message)])));
      const first = definition.variables.find((variable) => checked.errors[variable.name]);
      if (first) document.querySelector<HTMLElement>(`[data-field="${first.name}"] input, [data-field="${first.name}"] textarea, [data-field="${first.name}"] select`)?.focus();
      return;
    }
    setErrors({});
    if (documentMissing) {
      document.getElementById(documentPickerFocusId(pickerId, picked))?.focus();
      return;
    }
    const fileId = overDocument ? picked.fileId : undefined;
    setAsked(askedText(definition.name, { ...checked.values, file_id: fileId }));
    void stream.start((signal) => runCustomApp(definition.id, { values: checked.values, file_id: fileId }, signal));
  };

  return (
    <section className="usecases">
      <PageHeader
        title={definition.name}
        description={definition.description || undefined}
        actions={
          <>
            {definition.visibility === 'company' && <Badge>{t('apps.company')}</Badge>}
            {definition.can_edit && <Link to={editPath(definition.id)}>{t('apps.edit')}</Link>}
          </>
        }
      />
      <form className="usecases__form" onSubmit={submit} aria-label={definition.name} noValidate>
        {definition.variables.length === 0 && <p className="usecases__hint">{t('apps.noVariables')}</p>}
        <RunFields
          variables={definition.variables}
          values={values}
          errors={errors}
          onChange={(name, value) => {
            setValues((before) => ({ ...before, [name]: value }));
            if (errors[name]) setErrors(({ [name]: _dropped, ...rest }) => rest);
          }}
        />
        <Checkbox
          label={t('apps.useDocument')}
          description={t('apps.useDocumentHint')}
          checked={overDocument}
          onChange={(event) => {
            setOverDocument(event.target.checked);
            setDocumentProblem(null);
          }}
        />
        {overDocument && (
          <DocumentPicker
            id={pickerId}
            value={picked}
            onChange={(next) => {
              setPicked(next);
              setDocumentProblem(null);
            }}
            error={documentProblem ?? undefined}
          />
        )}
        {errors[''] && (
          <p role="alert" className="usecases__error">
            {errors['']}
          </p>
        )}
        <div className="usecases__actions">
          <Button type="submit" loading={running} disabled={running}>
            {t('apps.run')}
          </Button>
        </div>
      </form>
      <StreamResult stream={stream} title={t('apps.result')} emptyText={t('apps.emptyText')} canvasTitle={definition.name} rateAs={{ feature: 'apps', question: asked }} />
    </section>
  );
}
