import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/** Copies an answer with the asynchronous clipboard API and announces whether it worked. */
export function useCopyAnswer(announce: (text: string) => void): (text: string) => Promise<boolean> {
  const { t } = useTranslation(NAMESPACE);
  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
        await navigator.clipboard.writeText(text);
        announce(t('conversation.copy.done'));
        return true;
      } catch (error) {
        console.warn('Copying the answer failed', error);
        announce(t('conversation.copy.failed'));
        return false;
      }
    },
    [announce, t],
  );
}
