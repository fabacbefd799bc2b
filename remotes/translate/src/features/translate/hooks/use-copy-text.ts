import { useNotificationsStore } from '@assistant/platform';
import { useCallback } from 'react';
import { NAMESPACE } from '../../../namespace';

/**
 * Copies text with the asynchronous clipboard API and says so in a notification. Where the
 * clipboard cannot be used (no secure context, permission refused) the notification tells the
 * user to select and copy by hand, and `onUnavailable` can select the text for them.
 */
export function useCopyText(onUnavailable?: () => void): (text: string) => Promise<boolean> {
  return useCallback(
    async (text: string) => {
      const { notify } = useNotificationsStore.getState();
      try {
        if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
        await navigator.clipboard.writeText(text);
        notify('success', { message: { key: 'copy.done', ns: NAMESPACE } });
        return true;
      } catch (error) {
        console.warn('Copying failed', error);
        onUnavailable?.();
        notify('info', { message: { key: 'copy.unavailable', ns: NAMESPACE } });
        return false;
      }
    },
    [onUnavailable],
  );
}
