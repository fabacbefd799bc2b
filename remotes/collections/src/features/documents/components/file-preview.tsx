import type { CollectionFile, SourceLocation } from '@assistant/contracts';
import { fileContentRequest, isPdfMediaType, useFilePreview, useSourcePreview, type SourcePreviewState, type SourceTextRange } from '@assistant/endpoints';
import { errorMessageFor, errorMessageKey, LocalizedError, notifyError, useLocale } from '@assistant/platform';
import { Button, DOCUMENT_PREVIEW_TEXTS_DE, DOCUMENT_PREVIEW_TEXTS_EN, Dialog, DocumentPreview, ErrorState, Loading } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import './file-preview.css';

/** The file a preview shows: a search hit or a source URL knows no status (it was processed). */
export type PreviewFile = Pick<CollectionFile, 'fileId' | 'name' | 'mediaType'> & { status?: CollectionFile['status'] };

/** Saves the original file (GET /api/files/{id}/content with the bearer token) under its name. */
export async function downloadFile(file: Pick<CollectionFile, 'fileId' | 'name'>): Promise<void> {
  const { url, fetchInit } = await fileContentRequest(file.fileId);
  const response = await fetch(url, fetchInit);
  if (!response.ok) throw new Error(`The download failed with HTTP ${response.status}`);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A file's name in the files table: it opens the whole document in a preview with a download. */
export function FileNameButton({ file }: { file: CollectionFile }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="documents-file-name" aria-haspopup="dialog" title={t('documents.preview.open')} onClick={() => setOpen(true)}>
        {file.name}
      </button>
      {open && <FilePreviewDialog file={file} onClose={() => setOpen(false)} />}
    </>
  );
}

export interface FilePreviewDialogProps {
  file: PreviewFile;
  /** A place in the file to mark (a search hit, a cited source): opens there. Without it the whole file. */
  location?: SourceLocation | null;
  /** The marked text (a hit's passage, a source's text): read by screen readers at the mark. */
  text?: string;
  /** Parts of `text` to mark, as its offsets (a source's highlights); all of it without them. */
  highlightRanges?: readonly SourceTextRange[];
  /** Says what is marked where, under the title. */
  description?: string;
  onClose: () => void;
}

/**
 * A document in a dialog: a PDF drawn from the original (the preview fetches it with the bearer
 * header), any other processed file as its extracted text, with the location's characters marked
 * when one is given (platform `useSourcePreview`); a file not processed yet says so. The original
 * can always be downloaded.
 */
export function FilePreviewDialog({ file, location, text, highlightRanges, description, onClose }: FilePreviewDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [downloading, setDownloading] = useState(false);
  const processed = (file.status ?? 'processed') === 'processed';
  const pdf = isPdfMediaType(file.mediaType);
  const marked = location ?? null;
  const source = useSourcePreview(marked, { mediaType: file.mediaType, text, highlightRanges });
  // A PDF is drawn from its original even before it is processed; other files show their text.
  const whole = useFilePreview(marked ? null : file.fileId, { mediaType: file.mediaType, enabled: processed || pdf });
  const state = marked ? source : whole;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(file);
    } catch (error) {
      console.error(error);
      notifyError(new LocalizedError(t('documents.preview.downloadFailed', { name: file.name })));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={file.name}
      description={description}
      closeLabel={t('search.closePreview')}
      className="collection-search__preview-dialog"
      footer={
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          {t('documents.preview.download')}
        </Button>
      }
    >
      {!processed && !pdf ? <p>{t('documents.preview.notProcessed')}</p> : <PreviewBody state={state} title={file.name} />}
    </Dialog>
  );
}

/** What the preview state shows: loading, the failure with a retry, or the document. */
function PreviewBody({ state, title }: { state: SourcePreviewState; title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  if (state.status === 'error') {
    return (
      <ErrorState
        headingLevel={3}
        title={t('search.previewError')}
        message={errorMessageFor(errorMessageKey(state.error), language)}
        onRetry={state.retry}
        retryLabel={t('search.retry')}
      />
    );
  }
  if (state.status !== 'ready') return <Loading label={t('search.previewLoading')} />;
  const texts = language === 'en' ? DOCUMENT_PREVIEW_TEXTS_EN : DOCUMENT_PREVIEW_TEXTS_DE;
  return <DocumentPreview title={title} texts={texts} {...state.preview} />;
}
