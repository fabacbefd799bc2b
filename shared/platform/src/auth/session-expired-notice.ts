import { PLATFORM_NAMESPACE } from '../i18n/platform-resources';
import { useNotificationsStore } from '../notifications/notifications-store';

/**
 * How long the notice stays: it is the user's way back to a working session, so it does not go
 * away by itself within a working day (dismissed, it comes back with the next call that needs a
 * token).
 */
export const SESSION_EXPIRED_NOTICE_MS = 12 * 60 * 60 * 1000;

export const SESSION_EXPIRED_MESSAGE_KEY = 'SESSION.expired';
export const SIGN_IN_AGAIN_LABEL_KEY = 'SESSION.sign-in-again';

export interface SessionExpiredNotice {
  /** Shows the notice unless it is showing already; the action runs `signIn`. */
  show(signIn: () => void): void;
  /** Takes the notice away (the session works again). */
  dismiss(): void;
  isShowing(): boolean;
}

/**
 * The error notification (role="alert") shown when the access token has really expired and the
 * identity provider still cannot be reached: "sign in again" keeps the current location (signIn
 * saves it) and, unlike an automatic redirect, lets the user finish reading and copy what is on
 * the screen first. Drafts in the message box survive the round trip anyway (use-composer-draft).
 */
export function createSessionExpiredNotice(): SessionExpiredNotice {
  let id: string | null = null;
  const isShowing = () => id !== null && useNotificationsStore.getState().notifications.some((n) => n.id === id);
  return {
    isShowing,
    show(signIn) {
      if (isShowing()) return;
      id = useNotificationsStore.getState().notify('error', {
        message: { key: SESSION_EXPIRED_MESSAGE_KEY, ns: PLATFORM_NAMESPACE },
        action: { labelKey: SIGN_IN_AGAIN_LABEL_KEY, ns: PLATFORM_NAMESPACE, onAction: signIn },
        duration: SESSION_EXPIRED_NOTICE_MS,
      });
    },
    dismiss() {
      if (id !== null) useNotificationsStore.getState().dismiss(id);
      id = null;
    },
  };
}
