import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useUiTexts } from '../core/ui-texts';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './text-field';

/** What a submit came to: done (the dialog closes), or an error at the field or above the buttons. */
export type NameDialogOutcome = { done: true } | { fieldError: string } | { formError: string };

export interface NameDialogProps {
  title: string;
  description?: string;
  /** The field's label. */
  label: string;
  submitLabel: string;
  cancelLabel?: string;
  closeLabel?: string;
  /** The current name (rename): the field starts with it, selected; submitting it unchanged just closes. */
  initialName?: string;
  /** The name to send (e.g. trimmed) or why it cannot be sent; checked on submit and then while typing. */
  check(value: string): { name: string } | { error: string };
  onSubmit(name: string): Promise<NameDialogOutcome>;
  onClose(): void;
}

/**
 * A dialog with one name field: "New ..." and "Rename ...". While the submit runs the dialog
 * cannot be dismissed; a failure keeps it open with what was typed (a refused name at the field,
 * anything else above the buttons) and focus back in the field. Mount it when it opens, so every
 * opening starts fresh.
 */
export function NameDialog(props: NameDialogProps) {
  const { title, description, label, submitLabel, initialName, check, onSubmit, onClose } = props;
  const texts = useUiTexts();
  const formId = `ui-name-dialog${useId().replace(/:/g, '')}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const [value, setValue] = useState(initialName ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Exclude<NameDialogOutcome, { done: true }> | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    if (initialName) inputRef.current?.select();
    return () => {
      mounted.current = false;
    };
  }, [initialName]);

  const checked = check(value);
  let fieldError: string | undefined;
  if (submitted && 'error' in checked) fieldError = checked.error;
  else if (failure && 'fieldError' in failure) fieldError = failure.fieldError;
  const formError = failure && 'formError' in failure ? failure.formError : undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    // The server's verdict was about the old text.
    if (failure && 'fieldError' in failure) setFailure(undefined);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if ('error' in checked) {
      inputRef.current?.focus();
      return;
    }
    if (initialName !== undefined && checked.name === initialName) {
      onClose();
      return;
    }
    setSaving(true);
    setFailure(undefined);
    const outcome = await onSubmit(checked.name);
    if (!mounted.current) return;
    if ('done' in outcome) {
      onClose();
      return;
    }
    setSaving(false);
    setFailure(outcome);
    inputRef.current?.focus();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      dismissible={!saving}
      closeLabel={props.closeLabel ?? texts.close}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {props.cancelLabel ?? texts.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField ref={inputRef} label={label} name="name" autoComplete="off" required value={value} onChange={handleChange} error={fieldError} />
        {formError && (
          <p role="alert" className="ui-dialog__error">
            {formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
