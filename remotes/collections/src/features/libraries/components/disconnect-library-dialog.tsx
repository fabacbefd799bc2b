import type { LibraryConnection } from '@assistant/contracts';
import { useDisconnectLibrary } from '@assistant/endpoints';
import { notifySuccess, useLocale } from '@assistant/platform';
import { ConfirmDialog } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { describeLibraryError } from '../model/describe-library-error';

export interface DisconnectLibraryDialogProps {
  library: LibraryConnection;
  /** The connection is gone (disconnected now, or before): the caller leaves its page. */
  onDisconnected(): void;
  onClose(): void;
}

type Documents = 'keep' | 'remove';

/**
 * "Disconnect …?": the stored sign-in is deleted and syncing stops; the user chooses whether the
 * documents imported from the library stay in their collections (the default) or are removed.
 * Focus starts on Cancel; a failure keeps the dialog open with the choice and says why.
 */
export function DisconnectLibraryDialog({ library, onDisconnected, onClose }: DisconnectLibraryDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const disconnect = useDisconnectLibrary();
  const [documents, setDocuments] = useState<Documents>('keep');
  const [error, setError] = useState<string | undefined>(undefined);

  const confirm = async () => {
    if (disconnect.isPending) return;
    setError(undefined);
    try {
      await disconnect.mutateAsync({ id: library.id, documents });
      notifySuccess({ message: { text: t(`libraries.disconnect.done.${documents}`, { name: library.name }) } });
      onDisconnected();
    } catch (failure) {
      const described = describeLibraryError(failure, t, language);
      if (described.gone) {
        onDisconnected();
        return;
      }
      if (!described.expected) console.error(failure);
      setError(described.message);
    }
  };

  return (
    <ConfirmDialog
      open
      danger
      title={t('libraries.disconnect.title', { name: library.name })}
      message={t('libraries.disconnect.message')}
      confirmLabel={t('libraries.disconnect.confirm')}
      cancelLabel={t('libraries.dialog.cancel')}
      loading={disconnect.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <fieldset className="library-form__group library-choice">
        <legend className="library-form__legend">{t('libraries.disconnect.documents')}</legend>
        {(['keep', 'remove'] as const).map((choice) => (
          <label key={choice} className="library-choice__option">
            <input type="radio" name="documents" value={choice} checked={documents === choice} onChange={() => setDocuments(choice)} />
            <span>
              <span className="library-choice__label">{t(`libraries.disconnect.${choice}.label`)}</span>
              <span className="library-choice__hint">{t(`libraries.disconnect.${choice}.hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="ui-dialog__error">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
