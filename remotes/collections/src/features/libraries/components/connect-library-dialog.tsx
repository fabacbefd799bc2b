import type { CollectionScope, LibraryConnection } from '@assistant/contracts';
import { useConnectWebdavLibrary } from '@assistant/endpoints';
import { useLocale } from '@assistant/platform';
import { Button, Dialog, TextField } from '@assistant/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import {
  checkConnectForm,
  CONNECT_FIELDS,
  CONNECT_MAX_LENGTH,
  EMPTY_CONNECT_VALUES,
  type ConnectField,
  type ConnectProblem,
  type ConnectValues,
} from '../model/connect-form';
import { describeLibraryError } from '../model/describe-library-error';

export interface ConnectLibraryDialogProps {
  scope: CollectionScope;
  /** The new connection (the dialog has closed): the caller goes on to choosing its folders. */
  onConnected(connection: LibraryConnection): void;
  onClose(): void;
}

const INPUT: Record<ConnectField, { type: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'off' },
  url: { type: 'url', autoComplete: 'url' },
  username: { type: 'text', autoComplete: 'username' },
  // The app password is for the library, not for this portal: no password manager offers this site's password.
  app_password: { type: 'password', autoComplete: 'new-password' },
};

/**
 * "Connect a document library": a WebDAV library (Nextcloud, ownCloud or any WebDAV server) by
 * its address, a user name and an app password, with hints where Nextcloud shows both. The form
 * is checked with the contract's schema on submit and then while typing; the server signs in
 * once before it stores anything, and a refusal keeps the dialog open with everything typed (a
 * refused address at its field, a refused sign-in above the buttons). Mount it when it opens.
 */
export function ConnectLibraryDialog({ scope, onConnected, onClose }: ConnectLibraryDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const formId = `connect-library${useId().replace(/:/g, '')}`;
  const connect = useConnectWebdavLibrary();
  const [values, setValues] = useState<ConnectValues>(EMPTY_CONNECT_VALUES);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: ConnectField | null; message: string } | null>(null);
  const inputs = useRef<Partial<Record<ConnectField, HTMLInputElement | null>>>({});
  const saving = connect.isPending;

  const checked = checkConnectForm(values, scope);
  const problemText = (field: ConnectField, problem: ConnectProblem) =>
    t(`libraries.connect.problems.${problem}`, { max: CONNECT_MAX_LENGTH[field] });
  const fieldError = (field: ConnectField): string | undefined => {
    if (serverError?.field === field) return serverError.message;
    const problem = submitted && !checked.ok ? checked.problems[field] : undefined;
    return problem ? problemText(field, problem) : undefined;
  };

  const change = (field: ConnectField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The server's verdict was about the old value.
    if (serverError?.field === field) setServerError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!checked.ok) {
      const first = CONNECT_FIELDS.find((field) => checked.problems[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setServerError(null);
    try {
      const connection = await connect.mutateAsync(checked.request);
      onConnected(connection);
    } catch (error) {
      const failure = describeLibraryError(error, t, language, 'sign-in');
      if (failure.field === null) console.error(error);
      setServerError({ field: failure.field, message: failure.message });
      if (failure.field) inputs.current[failure.field]?.focus();
    }
  };

  const formError = serverError && serverError.field === null ? serverError.message : undefined;

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('libraries.connect.title')}
      description={t(`libraries.connect.description.${scope}`)}
      dismissible={!saving}
      closeLabel={t('libraries.dialog.close')}
      className="library-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('libraries.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {t('libraries.connect.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="library-form" onSubmit={(event) => void submit(event)}>
        <p className="library-form__kind">{t('libraries.connect.webdav.kind')}</p>
        {CONNECT_FIELDS.map((field) => (
          <TextField
            key={field}
            ref={(element) => {
              inputs.current[field] = element;
            }}
            name={field}
            label={t(`libraries.connect.webdav.${field}.label`)}
            description={t(`libraries.connect.webdav.${field}.hint`)}
            placeholder={field === 'url' ? t('libraries.connect.webdav.url.placeholder') : undefined}
            required
            spellCheck={false}
            autoCapitalize="none"
            type={INPUT[field].type}
            autoComplete={INPUT[field].autoComplete}
            value={values[field]}
            onChange={(event) => change(field, event.target.value)}
            error={fieldError(field)}
          />
        ))}
        {formError && (
          <p role="alert" className="ui-dialog__error">
            {formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
