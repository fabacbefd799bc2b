import { writeClipboardText } from '@assistant/platform';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/** Copies an answer and announces whether it worked. */
export function useCopyAnswer(announce: (text: string) => void): (text: string) => Promise<boolean> {
  const { t } = useTranslation(NAMESPACE);
  return useCallback(
    async (text: string) => {
      const copied = await writeClipboardText(text);
      announce(t(copied ? 'conversation.copy.done' : 'conversation.copy.failed'));
      return copied;
    },
    [announce, t],
  );
}
