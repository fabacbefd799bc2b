import { useNotificationsStore, type NotificationMessage } from '../notifications/notifications-store';

/**
 * Writes `text` with the asynchronous clipboard API. False where the browser cannot (no secure
 * context, permission refused): the caller tells the user to copy by hand.
 */
export async function writeClipboardText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('Copying failed', error);
    return false;
  }
}

export interface CopyTextNotices {
  /** The success notification. */
  copied: NotificationMessage;
  /** The notice where the clipboard cannot be used: how to copy by hand. */
  unavailable: NotificationMessage;
  /** Marks the text for copying by hand, where the clipboard cannot be used. */
  select?: () => void;
}

/** Copies `text` and says so in a notification; where it cannot, selects the text and says how to copy it by hand. */
export async function copyTextWithNotice(text: string, { copied, unavailable, select }: CopyTextNotices): Promise<boolean> {
  const done = await writeClipboardText(text);
  const { notify } = useNotificationsStore.getState();
  if (done) {
    notify('success', { message: copied });
  } else {
    select?.();
    notify('info', { message: unavailable });
  }
  return done;
}
