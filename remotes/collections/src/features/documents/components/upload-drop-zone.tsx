import { UPLOAD_ACCEPT } from '@assistant/platform';
import { Button, UploadIcon, cx } from '@assistant/ui';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface UploadDropZoneProps {
  maxFileUploadSizeMB: number;
  onFiles(files: File[]): void;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Where files are dropped, with the "Choose files" button (a hidden file input, several files at
 * once) for keyboard and screen reader users. The zone is a named group whose description says
 * what it takes, and says so again while files are dragged over it.
 */
export function UploadDropZone({ maxFileUploadSizeMB, onFiles }: UploadDropZoneProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child too: count them, so the highlight does not flicker.
  const depth = useRef(0);

  // Files dropped next to the zone would make the browser open them, leaving the page (and its
  // uploads): while the zone is shown, such drops do nothing.
  useEffect(() => {
    const ignore = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length > 0) onFiles(files);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file can be chosen again
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      className={cx('documents-drop', dragging && 'documents-drop--active')}
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <UploadIcon className="documents-drop__icon" size="2em" />
      <p id={`${id}-title`} className="documents-drop__title">
        {dragging ? t('upload.dropZone.active') : t('upload.dropZone.title')}
      </p>
      <p id={`${id}-hint`} className="documents-drop__hint">
        {t('upload.dropZone.hint', { max: maxFileUploadSizeMB })}
      </p>
      <Button variant="primary" icon={<UploadIcon />} onClick={() => inputRef.current?.click()}>
        {t('upload.choose')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        hidden
        tabIndex={-1}
        aria-label={t('upload.choose')}
        onChange={onChange}
      />
    </div>
  );
}
