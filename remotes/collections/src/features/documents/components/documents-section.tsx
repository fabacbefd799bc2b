import type { CollectionFile, CollectionSummary } from '@assistant/contracts';
import { ApiRequestError, isSettledUpload, uploadStates, useConfigStore, useUploadQueue } from '@assistant/platform';
import { ConfirmDialog, EmptyState, ErrorState, Loading, VisuallyHidden, useAnnouncer } from '@assistant/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteFile } from '../api/delete-file';
import { useRetryFile } from '../api/retry-file';
import { uploadFile } from '../api/upload-file';
import type { CollectionFilesState } from '../hooks/use-collection-files';
import { useStatusAnnouncements } from '../hooks/use-status-announcements';
import { fileLabel } from '../model/file-label';
import { NAMESPACE } from '../../../namespace';
import { FilesTable } from './files-table';
import { UploadDropZone } from './upload-drop-zone';
import { UploadList } from './upload-list';

export interface DocumentsSectionProps {
  collection: CollectionSummary;
  files: CollectionFilesState;
}

/**
 * The documents of a collection: upload (for those who may manage it), the files with their
 * processing status, retry and removal of a failed file, and a polite live region that announces
 * status changes.
 */
export function DocumentsSection({ collection, files: filesState }: DocumentsSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const { files, status, refresh } = filesState;
  const maxMB = useConfigStore((state) => state.config.maxFileUploadSizeMB);
  const queue = useUploadQueue({ send: (file, options) => uploadFile(collection.id, file, options), onSent: refresh });
  // Both ask the files (and runs) again when they settle.
  const { mutateAsync: retryFile } = useRetryFile(collection.id);
  const { mutateAsync: deleteFile } = useDeleteFile(collection.id);
  const states = useMemo(() => uploadStates(queue.items, files), [queue.items, files]);
  const [message, announce] = useAnnouncer();
  useStatusAnnouncements(files, status === 'loaded', queue.items, states, announce);

  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<CollectionFile | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** A removed file whose row is still listed: once it is gone, focus moves to the heading (its button went with it). */
  const [removedId, setRemovedId] = useState<string | null>(null);

  useEffect(() => {
    if (removedId && !files.some((file) => file.fileId === removedId)) {
      setRemovedId(null);
      headingRef.current?.focus();
    }
  }, [files, removedId]);

  const setFileBusy = useCallback((fileId: string, on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(fileId);
      else next.delete(fileId);
      return next;
    });
  }, []);

  const retry = useCallback(
    async (file: CollectionFile) => {
      const name = fileLabel(file, files);
      setActionError(null);
      setFileBusy(file.fileId, true);
      try {
        await retryFile(file.fileId);
        announce(t('documents.retried', { name }));
      } catch (error) {
        // A conflict: it is no longer failed (someone retried already); the refreshed list shows how it stands.
        if (!(error instanceof ApiRequestError && error.code === 'conflict')) {
          console.warn('Retrying the file failed', error);
          setActionError(t('documents.retryFailed', { name }));
        }
      } finally {
        setFileBusy(file.fileId, false);
      }
    },
    [files, announce, retryFile, setFileBusy, t],
  );

  const confirmRemove = useCallback(async () => {
    if (!removing) return;
    const file = removing;
    const name = fileLabel(file, files);
    setActionError(null);
    setFileBusy(file.fileId, true);
    try {
      await deleteFile(file.fileId);
      queue.dismissWhere((item) => item.fileId === file.fileId);
      setRemovedId(file.fileId);
      announce(t('documents.removed', { name }));
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.code === 'not_found')) {
        console.warn('Removing the file failed', error);
        setActionError(t('documents.removeFailed', { name }));
      }
    } finally {
      setFileBusy(file.fileId, false);
      setRemoving(null);
    }
  }, [removing, files, queue, announce, deleteFile, setFileBusy, t]);

  let list;
  if (status === 'loading') list = <Loading label={t('documents.loading')} showLabel />;
  else if (status === 'failed')
    list = (
      <ErrorState headingLevel={3} title={t('documents.loadError')} onRetry={refresh} retryLabel={t('documents.reload')} />
    );
  else if (files.length === 0)
    list = <EmptyState headingLevel={3} title={t('documents.empty.title')} text={t(collection.can_manage ? 'documents.empty.text' : 'documents.empty.textReadOnly')} />;
  else
    list = (
      <FilesTable
        files={files}
        canManage={collection.can_manage}
        busy={busy}
        onRetry={(file) => void retry(file)}
        onRemove={(file) => setRemoving(file)}
      />
    );

  return (
    <section className="documents-section" aria-labelledby="collection-documents-heading">
      <h2 id="collection-documents-heading" ref={headingRef} tabIndex={-1}>{t('documents.heading')}</h2>
      {collection.can_manage && (
        <div className="documents-upload">
          <UploadDropZone maxFileUploadSizeMB={maxMB} onFiles={queue.add} />
          <UploadList
            items={queue.items}
            states={states}
            files={files}
            onRetry={queue.retry}
            onDismiss={queue.dismiss}
            onClearFinished={() => {
              const finished = new Set(queue.items.filter((_, index) => isSettledUpload(states[index]!)).map((item) => item.id));
              queue.dismissWhere((item) => finished.has(item.id));
            }}
          />
        </div>
      )}
      {actionError && (
        <p className="documents-section__error" role="alert">
          {actionError}
        </p>
      )}
      {list}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {message}
      </VisuallyHidden>
      <ConfirmDialog
        open={removing !== null}
        danger
        loading={removing !== null && busy.has(removing.fileId)}
        title={t('documents.confirmRemove.title')}
        message={removing ? t('documents.confirmRemove.message', { name: fileLabel(removing, files) }) : ''}
        confirmLabel={t('documents.confirmRemove.confirm')}
        cancelLabel={t('documents.confirmRemove.cancel')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
