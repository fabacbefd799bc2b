import type { CollectionSummary } from '@assistant/contracts';
import { ActionConfirmDialog } from '@assistant/ui';
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
  const count = collection.file_count;
  const message =
    count === 0
      ? t('list.delete.messageEmpty', { name: collection.name })
      : t('list.delete.message', { name: collection.name, count });
  return (
    <ActionConfirmDialog
      danger
      title={t('list.delete.title')}
      message={message}
      confirmLabel={t('list.delete.confirm')}
      cancelLabel={t('list.dialog.cancel')}
      onConfirm={async () => {
        const result = await onConfirm();
        return result.ok || result.gone ? undefined : result.failure.message;
      }}
      onClose={onClose}
    />
  );
}
