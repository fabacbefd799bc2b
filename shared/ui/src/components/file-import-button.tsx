import type { ButtonSize, ButtonVariant } from './button';
import { FilePickerButton } from './file-picker-button';

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

/** A button that opens the file dialog for one file to import (an agent's or an app's export file). */
export function FileImportButton({ accept = 'application/json,.json', onFile, ...button }: FileImportButtonProps) {
  return <FilePickerButton {...button} accept={accept} onFiles={([file]) => file && onFile(file)} />;
}
