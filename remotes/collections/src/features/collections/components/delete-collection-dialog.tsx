import type { CollectionSummary } from '@assistant/contracts';
import { ConfirmDialog } from '@assistant/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MutationResult } from '../hooks/use-collection-mutations';
import { NAMESPACE } from '../../../namespace';

export interface DeleteCollectionDialogProps {
  collection: CollectionSummary;
  onConfirm(): Promise<MutationResult>;
  onClose(): void;
}

/**
 * "Delete collection?" as an alert dialog that says the files go with it; focus starts on Cancel.
 * A failure keeps it open and says why. Mount it when it opens.
 */
export function DeleteCollectionDialog({ collection, onConfirm, onClose }: DeleteCollectionDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const mounted = useRef(true);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    setError(undefined);
    const result = await onConfirm();
    if (!mounted.current) return;
    if (result.ok || result.gone) {
      onClose();
      return;
    }
    setDeleting(false);
    setError(result.failure.message);
  };

  const count = collection.file_count;
  const message =
    count === 0
      ? t('list.delete.messageEmpty', { name: collection.name })
      : t('list.delete.message', { name: collection.name, count });

  return (
    <ConfirmDialog
      open
      danger
      title={t('list.delete.title')}
      message={message}
      confirmLabel={t('list.delete.confirm')}
      cancelLabel={t('list.dialog.cancel')}
      loading={deleting}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {error && (
        <p role="alert" className="collections-dialog__error">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
