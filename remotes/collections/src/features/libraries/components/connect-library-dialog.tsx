import type { CollectionScope, LibraryConnection, LibraryKind } from '@assistant/contracts';
import { useConnectWebdavLibrary, useLibrarySignIn } from '@assistant/endpoints';
import { useLocale } from '@assistant/platform';
import { TextField } from '@assistant/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import {
  checkConnectForm,
  CONNECT_MAX_LENGTH,
  EMPTY_CONNECT_VALUES,
  FIELDS_OF,
  type ConnectField,
  type ConnectProblem,
  type ConnectValues,
} from '../model/connect-form';
import { describeSignInFailure } from '../model/describe-library-error';
import { LibraryFormDialog } from './library-form-dialog';

export interface ConnectLibraryDialogProps {
  scope: CollectionScope;
  /** The server can connect Microsoft 365: the dialog offers it beside WebDAV. */
  microsoftAvailable: boolean;
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
 * its address, a user name and an app password, with hints where Nextcloud shows both; or, when
 * the server offers it, Microsoft 365 (SharePoint, OneDrive) by signing in with Microsoft in a
 * popup. The form is checked with the contract's schemas on submit and then while typing; the
 * server signs in once before it stores anything, and a refusal keeps the dialog open with
 * everything typed (a refused address at its field, a refused sign-in above the buttons). Mount
 * it when it opens.
 */
export function ConnectLibraryDialog({ scope, microsoftAvailable, onConnected, onClose }: ConnectLibraryDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const connect = useConnectWebdavLibrary();
  const signIn = useLibrarySignIn();
  const [kind, setKind] = useState<LibraryKind>('webdav');
  const [values, setValues] = useState<ConnectValues>(EMPTY_CONNECT_VALUES);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: ConnectField | null; message: string } | null>(null);
  const inputs = useRef<Partial<Record<ConnectField, HTMLInputElement | null>>>({});
  const saving = connect.isPending || signIn.isPending;
  const fields = FIELDS_OF[kind];

  const checked = checkConnectForm(values, scope, kind);
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

  const failed = (error: unknown) => {
    const failure = describeSignInFailure(error, t, language);
    if (!failure.expected) console.error(error);
    setServerError({ field: failure.field, message: failure.message });
    if (failure.field) inputs.current[failure.field]?.focus();
  };

  // The Microsoft sign-in runs in its popup; its outcome arrives as the mutation's.
  const { data: signedIn, error: signInError } = signIn;
  useEffect(() => {
    if (signedIn) onConnected(signedIn);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per outcome, whatever the caller's callback
  }, [signedIn]);
  useEffect(() => {
    if (signInError) failed(signInError);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per outcome
  }, [signInError]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!checked.ok) {
      const first = fields.find((field) => checked.problems[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setServerError(null);
    const { request } = checked;
    if (request.kind === 'microsoft') {
      // In the submit's own turn: a popup opened after an await is blocked.
      signIn.start({ name: request.name, scope: request.scope });
      return;
    }
    try {
      onConnected(await connect.mutateAsync(request));
    } catch (error) {
      failed(error);
    }
  };

  const formError = serverError && serverError.field === null ? serverError.message : undefined;

  return (
    <LibraryFormDialog
      title={t('libraries.connect.title')}
      description={t(`libraries.connect.description.${scope}`)}
      submitLabel={t(kind === 'microsoft' ? 'libraries.connect.microsoft.submit' : 'libraries.connect.submit')}
      saving={saving}
      error={formError}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {microsoftAvailable ? (
        <fieldset className="library-form__group">
          <legend className="library-form__legend">{t('libraries.connect.kind')}</legend>
          <div className="library-kinds">
            {(['webdav', 'microsoft'] as const).map((choice) => (
              <label key={choice} className="library-choice__option">
                <input type="radio" name="kind" value={choice} checked={kind === choice} disabled={saving} onChange={() => setKind(choice)} />
                <span>
                  <span className="library-choice__label">{t(`libraries.connect.${choice}.label`)}</span>
                  <span className="library-choice__hint">{t(`libraries.connect.${choice}.choiceHint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="library-form__kind">{t('libraries.connect.webdav.kind')}</p>
      )}
      {fields.map((field) => (
        <TextField
          key={field}
          ref={(element) => {
            inputs.current[field] = element;
          }}
          name={field}
          label={t(`libraries.connect.webdav.${field}.label`)}
          description={t(field === 'name' && kind === 'microsoft' ? 'libraries.connect.microsoft.nameHint' : `libraries.connect.webdav.${field}.hint`)}
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
      {kind === 'microsoft' && <p className="library-form__note">{t('libraries.connect.microsoft.note')}</p>}
    </LibraryFormDialog>
  );
}
