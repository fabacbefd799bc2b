import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

export interface ActionConfirmDialogProps extends Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel' | 'loading' | 'children'> {
  /** Runs the confirmed action: resolve with nothing to close, or with the reason it failed to stay open and show it. */
  onConfirm(): Promise<string | undefined>;
  onClose(): void;
}

/**
 * A ConfirmDialog that runs its action itself ("Delete ...?"): a spinner while it runs, closed
 * when it worked, open with the reason (an alert) when it did not. Mount it when it opens.
 */
export function ActionConfirmDialog({ onConfirm, onClose, ...props }: ActionConfirmDialogProps) {
  const mounted = useRef(true);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const confirm = async () => {
    if (running) return;
    setRunning(true);
    setError(undefined);
    const failure = await onConfirm();
    if (!mounted.current) return;
    if (failure === undefined) {
      onClose();
      return;
    }
    setRunning(false);
    setError(failure);
  };

  return (
    <ConfirmDialog {...props} open loading={running} onConfirm={() => void confirm()} onCancel={onClose}>
      {error && (
        <p role="alert" className="ui-dialog__error">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
