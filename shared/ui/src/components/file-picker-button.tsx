import { useRef, type ChangeEvent } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { UploadIcon } from '../icons/icons';

export interface FilePickerButtonProps {
  /** The button's text, also the name of the file input. */
  label: string;
  /** What the file dialog offers (the input's `accept`). */
  accept?: string;
  /** Several files at once. */
  multiple?: boolean;
  /** Busy while the picked files are taken in. */
  loading?: boolean;
  /** Announced as unavailable and opens nothing; stays focusable so its description can be read. */
  disabled?: boolean;
  /** The id of what describes the button (the accepted types, a size limit). */
  describedBy?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Called with the picked files; picking the same file again calls it again. */
  onFiles(files: File[]): void;
}

/**
 * A button that opens the file dialog. The input itself is hidden and out of the tab order: the
 * button is the one control.
 */
export function FilePickerButton({ label, accept, multiple, loading, disabled, describedBy, variant = 'secondary', size, onFiles }: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Emptied, so the same file picked again (after fixing it) is a change again.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <Button
        variant={variant}
        size={size}
        icon={<UploadIcon />}
        loading={loading}
        aria-describedby={describedBy}
        // Only when disabled: the button says aria-disabled itself while loading.
        {...(disabled ? { 'aria-disabled': true } : {})}
        onClick={() => !disabled && input.current?.click()}
      >
        {label}
      </Button>
      <input ref={input} type="file" accept={accept} multiple={multiple} hidden tabIndex={-1} aria-label={label} onChange={picked} />
    </>
  );
}
