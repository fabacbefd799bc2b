import { useNotificationsStore } from '@assistant/platform';
import { NAMESPACE } from '../../../namespace';

/** Copies text with the clipboard API and says so; where it cannot, tells the user to copy by hand. */
export async function copyText(text: string, select?: () => void): Promise<boolean> {
  const { notify } = useNotificationsStore.getState();
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    notify('success', { message: { key: 'result.copied', ns: NAMESPACE } });
    return true;
  } catch (error) {
    console.warn('Copying failed', error);
    select?.();
    notify('info', { message: { key: 'result.copyUnavailable', ns: NAMESPACE } });
    return false;
  }
}
