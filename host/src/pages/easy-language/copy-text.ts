import { useNotificationsStore } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';

/**
 * Copies text with the asynchronous clipboard API and says so; where the clipboard cannot be used
 * the notice tells the user to copy by hand (and `select` marks the text for them).
 */
export async function copyText(text: string, select?: () => void): Promise<boolean> {
  const { notify } = useNotificationsStore.getState();
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    notify('success', { message: { key: 'EASY_LANGUAGE.copied', ns: SHELL_NAMESPACE } });
    return true;
  } catch (error) {
    console.warn('Copying failed', error);
    select?.();
    notify('info', { message: { key: 'EASY_LANGUAGE.copyUnavailable', ns: SHELL_NAMESPACE } });
    return false;
  }
}
