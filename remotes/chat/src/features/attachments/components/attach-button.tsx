import { UPLOAD_ACCEPT } from '@assistant/platform';
import { FilePickerButton } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface AttachButtonProps {
  /** Shown as the button's description: the accepted types and the size limit. */
  describedBy?: string;
  disabled?: boolean;
  onFiles(files: File[]): void;
}

/** "Attach files": a button that opens the file dialog (several files at once). */
export function AttachButton({ describedBy, disabled, onFiles }: AttachButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <FilePickerButton
      label={t('attachments.attach')}
      accept={UPLOAD_ACCEPT}
      multiple
      size="sm"
      describedBy={describedBy}
      disabled={disabled}
      onFiles={onFiles}
    />
  );
}
