import { UPLOAD_ACCEPT, useFileDrop } from '@assistant/platform';
import { FilePickerButton, UploadIcon, cx } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface UploadDropZoneProps {
  maxFileUploadSizeMB: number;
  onFiles(files: File[]): void;
}

/**
 * Where files are dropped, with the "Choose files" button (a hidden file input, several files at
 * once) for keyboard and screen reader users. The zone is a named group whose description says
 * what it takes, and says so again while files are dragged over it. While it is shown, files
 * dropped next to it do nothing (the browser would open them, leaving the page and its uploads).
 */
export function UploadDropZone({ maxFileUploadSizeMB, onFiles }: UploadDropZoneProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const { dragging, handlers } = useFileDrop(true, onFiles);

  return (
    <div
      className={cx('documents-drop', dragging && 'documents-drop--active')}
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      {...handlers}
    >
      <UploadIcon className="documents-drop__icon" size="2em" />
      <p id={`${id}-title`} className="documents-drop__title">
        {dragging ? t('upload.dropZone.active') : t('upload.dropZone.title')}
      </p>
      <p id={`${id}-hint`} className="documents-drop__hint">
        {t('upload.dropZone.hint', { max: maxFileUploadSizeMB })}
      </p>
      <FilePickerButton label={t('upload.choose')} accept={UPLOAD_ACCEPT} multiple variant="primary" onFiles={onFiles} />
    </div>
  );
}
