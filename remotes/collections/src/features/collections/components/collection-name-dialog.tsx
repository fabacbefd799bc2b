import { Button, Dialog, TextField } from '@assistant/ui';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MutationResult } from '../hooks/use-collection-mutations';
import { COLLECTION_NAME_MAX_LENGTH, checkCollectionName } from '../model/collection-name';
import type { CollectionFailure } from '../model/describe-collection-error';
import { NAMESPACE } from '../../../namespace';

export interface CollectionNameDialogProps {
  title: string;
  description?: string;
  submitLabel: string;
  /** The current name (rename); the field starts with it, selected. */
  initialName?: string;
  /** Sends the checked, trimmed name; the dialog stays open with the input when it fails. */
  onSubmit(name: string): Promise<MutationResult>;
  onClose(): void;
}

/**
 * The dialog of "New collection" and "Rename": one name field checked with the contract's rule
 * (trimmed, 1 to 100 characters) on submit and then while typing. A refused name shows the
 * server's message in the field; other failures (403, network ...) show above the buttons. Mount
 * it when it opens, so every opening starts fresh.
 */
export function CollectionNameDialog({ title, description, submitLabel, initialName, onSubmit, onClose }: CollectionNameDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const formId = `collection-name${useId().replace(/:/g, '')}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const [value, setValue] = useState(initialName ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<CollectionFailure | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    if (initialName) inputRef.current?.select();
    return () => {
      mounted.current = false;
    };
  }, [initialName]);

  const check = checkCollectionName(value);
  let fieldError: string | undefined;
  if (submitted && !check.ok) fieldError = t(`list.name.${check.problem}`, { max: COLLECTION_NAME_MAX_LENGTH });
  else if (failure?.kind === 'invalid') fieldError = failure.message;
  const formError = failure && failure.kind !== 'invalid' ? failure.message : undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    // The server's verdict was about the old text.
    if (failure?.kind === 'invalid') setFailure(undefined);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!check.ok) {
      inputRef.current?.focus();
      return;
    }
    if (initialName !== undefined && check.name === initialName) {
      onClose();
      return;
    }
    setSaving(true);
    setFailure(undefined);
    const result = await onSubmit(check.name);
    if (!mounted.current) return;
    if (result.ok || result.gone) {
      onClose();
      return;
    }
    setSaving(false);
    setFailure(result.failure);
    inputRef.current?.focus();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      dismissible={!saving}
      closeLabel={t('list.dialog.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('list.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          ref={inputRef}
          label={t('list.name.label')}
          name="name"
          autoComplete="off"
          required
          value={value}
          onChange={handleChange}
          error={fieldError}
        />
        {formError && (
          <p role="alert" className="collections-dialog__error">
            {formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
