import { UPLOAD_ACCEPT } from '@assistant/platform';
import { Button, UploadIcon } from '@assistant/ui';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface AttachButtonProps {
  /** Shown as the button's description: the accepted types and the size limit. */
  describedBy?: string;
  disabled?: boolean;
  onFiles(files: File[]): void;
}

/** "Attach files": a button that opens the file dialog (a hidden input, several files at once). */
export function AttachButton({ describedBy, disabled, onFiles }: AttachButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const inputRef = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file can be chosen again
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<UploadIcon />}
        aria-describedby={describedBy}
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && inputRef.current?.click()}
      >
        {t('attachments.attach')}
      </Button>
      <input ref={inputRef} type="file" multiple accept={UPLOAD_ACCEPT} hidden tabIndex={-1} aria-label={t('attachments.attach')} onChange={onChange} />
    </>
  );
}
