import { ConfirmDialog } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { TemporaryChat } from '../hooks/use-temporary-chat';

/** "End the temporary chat?" when ending it would lose its messages (focus starts on Stay). */
export function EndTemporaryChatDialog({ temporary }: { temporary: TemporaryChat }) {
  const { t } = useTranslation(NAMESPACE);
  const { asking } = temporary;
  if (!asking) return null;
  return (
    <ConfirmDialog
      open
      danger
      title={t('temporary.end.title')}
      message={t('temporary.end.message')}
      confirmLabel={t('temporary.end.confirm')}
      cancelLabel={t('temporary.end.cancel')}
      onConfirm={asking.confirm}
      onCancel={asking.cancel}
    />
  );
}
