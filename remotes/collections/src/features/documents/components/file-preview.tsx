import type { CollectionFile } from '@assistant/contracts';
import { errorMessageFor, errorMessageKey, notifyError, skipToken, useLocale, useQuery, LocalizedError } from '@assistant/platform';
import { Button, DOCUMENT_PREVIEW_TEXTS_DE, DOCUMENT_PREVIEW_TEXTS_EN, Dialog, DocumentPreview, ErrorState, Loading } from '@assistant/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import './file-preview.css';
import { fileKeys } from '../../../query-keys';
import { fileContentRequest, filePagesQuery } from '../api/file-content';

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

/**
 * The whole document in a dialog: a PDF drawn from the original (the preview fetches it with the
 * bearer header), any other processed file as its extracted text; a file not processed yet says
 * so. The original can always be downloaded.
 */
export function FilePreviewDialog({ file, onClose }: { file: CollectionFile; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const [downloading, setDownloading] = useState(false);
  const isPdf = file.mediaType === 'application/pdf';
  const processed = file.status === 'processed';
  const pages = useQuery({ ...filePagesQuery(file.fileId), enabled: !isPdf && processed });
  const content = useQuery({
    queryKey: [...fileKeys.pages(file.fileId), 'content-request'],
    queryFn: isPdf ? () => fileContentRequest(file.fileId) : skipToken,
    gcTime: 0,
  });
  const text = useMemo(() => pages.data?.map((page) => page.text ?? '').join('\n\n'), [pages.data]);
  const texts = language === 'en' ? DOCUMENT_PREVIEW_TEXTS_EN : DOCUMENT_PREVIEW_TEXTS_DE;
  const failed = isPdf ? content.error : pages.error;

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

  let body;
  if (failed) {
    body = (
      <ErrorState
        headingLevel={3}
        title={t('search.previewError')}
        message={errorMessageFor(errorMessageKey(failed), language)}
        onRetry={() => void (isPdf ? content.refetch() : pages.refetch())}
        retryLabel={t('search.retry')}
      />
    );
  } else if (isPdf && content.data) {
    body = <DocumentPreview title={file.name} texts={texts} source={{ kind: 'pdf', ...content.data }} />;
  } else if (!isPdf && !processed) {
    body = <p>{t('documents.preview.notProcessed')}</p>;
  } else if (!isPdf && text !== undefined) {
    body = <DocumentPreview title={file.name} texts={texts} source={{ kind: 'text', text }} />;
  } else {
    body = <Loading label={t('search.previewLoading')} />;
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={file.name}
      closeLabel={t('search.closePreview')}
      className="collection-search__preview-dialog"
      footer={
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          {t('documents.preview.download')}
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}
