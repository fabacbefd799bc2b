import { IMAGE_ACCEPT } from '@assistant/contracts';
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

/** The documents the collections take, and the images a question may carry (docs/chat.md "Images"). */
const ACCEPT = `${UPLOAD_ACCEPT},${IMAGE_ACCEPT}`;

/** "Attach files": a button that opens the file dialog (several files at once), documents and images. */
export function AttachButton({ describedBy, disabled, onFiles }: AttachButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <FilePickerButton
      label={t('attachments.attach')}
      accept={ACCEPT}
      multiple
      size="sm"
      describedBy={describedBy}
      disabled={disabled}
      onFiles={onFiles}
    />
  );
}
