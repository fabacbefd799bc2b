import { useRef, type ChangeEvent } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { UploadIcon } from '../icons/icons';

export interface FileImportButtonProps {
  /** The button's text, also the name of the file input. */
  label: string;
  /** What the file dialog offers; default JSON files (an export file). */
  accept?: string;
  /** Busy while the picked file is being imported. */
  loading?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Called with the picked file; picking the same file again calls it again. */
  onFile(file: File): void;
}

/**
 * A button that opens the file dialog for one file to import (an agent's or an app's export file).
 * The input itself is hidden and out of the tab order: the button is the one control.
 */
export function FileImportButton({ label, accept = 'application/json,.json', loading, variant = 'secondary', size, onFile }: FileImportButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so the same file picked again (after fixing it) is a change again.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <Button variant={variant} size={size} icon={<UploadIcon />} loading={loading} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input ref={input} type="file" accept={accept} hidden tabIndex={-1} aria-label={label} onChange={picked} />
    </>
  );
}
