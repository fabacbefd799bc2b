import { useRef, type ReactNode } from 'react';
import { useUiTexts } from '../core/ui-texts';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  /** Cancel button, Escape and backdrop. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: red confirm button, and focus starts on Cancel. */
  danger?: boolean;
  /** The confirmed action is running: confirm shows a spinner and the dialog cannot be dismissed. */
  loading?: boolean;
  /** Extra content between message and buttons (a checkbox, details). */
  children?: ReactNode;
}

/** A yes/no question as an alertdialog, built on Dialog. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  children,
}: ConfirmDialogProps) {
  const texts = useUiTexts();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      role="alertdialog"
      size="sm"
      dismissible={!loading}
      hideCloseButton
      initialFocusRef={danger ? cancelRef : confirmRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={loading}>
            {cancelLabel ?? texts.cancel}
          </Button>
          <Button ref={confirmRef} variant={danger ? 'danger' : 'primary'} loading={loading} onClick={onConfirm}>
            {confirmLabel ?? texts.confirm}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
