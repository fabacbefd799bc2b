import { Button, Dialog } from '@assistant/ui';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface LibraryFormDialogProps {
  title: string;
  description: string;
  size?: 'md' | 'lg';
  submitLabel: string;
  /** A submit is under way: the dialog cannot be dismissed, its button spins. */
  saving: boolean;
  /** Why the last submit failed, as a whole (a field's reason stays at its field). */
  error: string | undefined;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onClose(): void;
  children: ReactNode;
}

/**
 * The frame of the library dialogs that send a form (connect, choose folders): the form with its
 * fields, the reason of a failure under them as an alert (scrolled into view on a short screen),
 * Cancel and the submit button.
 */
export function LibraryFormDialog({ title, description, size = 'md', submitLabel, saving, error, onSubmit, onClose, children }: LibraryFormDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const formId = `library-form${useId().replace(/:/g, '')}`;
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  return (
    <Dialog
      open
      size={size}
      onClose={onClose}
      title={title}
      description={description}
      dismissible={!saving}
      closeLabel={t('libraries.dialog.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('libraries.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="library-form" onSubmit={onSubmit}>
        {children}
        {error && (
          <p ref={errorRef} role="alert" className="ui-dialog__error">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
