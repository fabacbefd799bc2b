import { notifyError, notifySuccess, useDeveloperMode } from '@assistant/platform';
import { downloadBlob, safeFileName } from '@assistant/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { getConversationEvents } from '../api/get-conversation-events';

/**
 * Downloads a conversation's raw stream events as JSON lines (`<name>.events.jsonl`), in developer
 * mode; undefined while developer mode is off, so the action is not offered.
 */
export function useDownloadEvents(): ((conversation: { id: string; name: string }) => Promise<void>) | undefined {
  const { t } = useTranslation(NAMESPACE);
  const on = useDeveloperMode();
  const download = useCallback(
    async ({ id, name }: { id: string; name: string }) => {
      try {
        downloadBlob(await getConversationEvents(id), `${safeFileName(name, 'conversation')}.events.jsonl`);
        notifySuccess({ message: { text: t('developer.events.downloaded', { name }) } });
      } catch (error) {
        notifyError(error);
      }
    },
    [t],
  );
  return on ? download : undefined;
}
