import { create } from 'zustand';
import { PLATFORM_NAMESPACE } from '../i18n/platform-resources';

export type NotificationVariant = 'success' | 'error' | 'info';

/** Lifetime of a notification (SPEC section 9). */
export const NOTIFICATION_DURATION_MS = 5000;
/**
 * The spec's fallback lifetime. Used for a notification that carries an action (so there is time
 * to read it and press the button) and for an explicit duration that is not a positive number.
 */
export const NOTIFICATION_FALLBACK_DURATION_MS = 20000;
/** Default confirm label (SPEC section 9). */
export const DEFAULT_CONFIRM_LABEL_KEY = 'SNACKBAR.got-it';

/** What a notification says: an i18n key (with namespace and values) or ready text. */
export type NotificationMessage =
  | { key: string; ns?: string; values?: Record<string, unknown> }
  | { text: string };

export interface NotificationAction {
  /** i18n key of the button label. */
  labelKey: string;
  ns?: string;
  onAction: () => void;
}

export interface Notification {
  id: string;
  variant: NotificationVariant;
  message: NotificationMessage;
  action?: NotificationAction;
  /** i18n key of the confirm (dismiss) button; DEFAULT_CONFIRM_LABEL_KEY unless given. */
  confirmLabelKey: string;
  confirmLabelNs: string;
  /** Milliseconds until it disappears by itself. */
  duration: number;
  createdAt: number;
  /** The server's id of the failed request, shown (copyable) in developer mode. */
  requestId?: string;
}

export interface NotifyInput {
  message: NotificationMessage | string;
  action?: NotificationAction;
  confirmLabelKey?: string;
  confirmLabelNs?: string;
  duration?: number;
  requestId?: string;
}

interface NotificationsState {
  notifications: Notification[];
  notify(variant: NotificationVariant, input: NotifyInput): string;
  dismiss(id: string): void;
  clear(): void;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

/** A plain string is read as an i18n key of the platform namespace. */
function toMessage(message: NotificationMessage | string): NotificationMessage {
  return typeof message === 'string' ? { key: message, ns: PLATFORM_NAMESPACE } : message;
}

export function resolveDuration(input: Pick<NotifyInput, 'duration' | 'action' | 'requestId'>): number {
  // A button to press or a request id to copy: time to do it.
  if (input.duration === undefined) return input.action || input.requestId ? NOTIFICATION_FALLBACK_DURATION_MS : NOTIFICATION_DURATION_MS;
  return Number.isFinite(input.duration) && input.duration > 0 ? input.duration : NOTIFICATION_FALLBACK_DURATION_MS;
}

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  notifications: [],
  notify(variant, input) {
    counter += 1;
    const id = `notification-${counter}`;
    const duration = resolveDuration(input);
    const notification: Notification = {
      id,
      variant,
      message: toMessage(input.message),
      action: input.action,
      confirmLabelKey: input.confirmLabelKey ?? DEFAULT_CONFIRM_LABEL_KEY,
      confirmLabelNs: input.confirmLabelNs ?? PLATFORM_NAMESPACE,
      duration,
      createdAt: Date.now(),
      ...(input.requestId ? { requestId: input.requestId } : {}),
    };
    set((state) => ({ notifications: [...state.notifications, notification] }));
    timers.set(id, setTimeout(() => get().dismiss(id), duration));
    return id;
  },
  dismiss(id) {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    set((state) => ({ notifications: state.notifications.filter((n) => n.id !== id) }));
  },
  clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ notifications: [] });
  },
}));

export const notifySuccess = (input: NotifyInput | string): string =>
  useNotificationsStore.getState().notify('success', typeof input === 'string' ? { message: input } : input);
export const notifyInfo = (input: NotifyInput | string): string =>
  useNotificationsStore.getState().notify('info', typeof input === 'string' ? { message: input } : input);
export const notifyErrorMessage = (input: NotifyInput | string): string =>
  useNotificationsStore.getState().notify('error', typeof input === 'string' ? { message: input } : input);
