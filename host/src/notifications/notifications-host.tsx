import { useNotificationsStore, type Notification } from '@assistant/platform';
import { SnackbarHost, type SnackbarItem } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { RequestIdNote } from '../developer/request-id-note';
import './notifications-host.css';

/**
 * Shows the platform's notifications (SPEC section 8) as snackbars, in the interface language:
 * top-right under the header, so they never cover a page's action bar (notifications-host.css).
 */
export function NotificationsHost() {
  const { t } = useTranslation();
  const notifications = useNotificationsStore((state) => state.notifications);
  const dismiss = useNotificationsStore((state) => state.dismiss);

  const text = (n: Notification) =>
    'text' in n.message ? n.message.text : t(n.message.key, { ns: n.message.ns, ...n.message.values });
  const items: SnackbarItem[] = notifications.map((n) => ({
    id: n.id,
    variant: n.variant,
    // In developer mode a failed call's notification names the server's request id (docs/developer-mode.md).
    message: n.requestId ? (
      <>
        {text(n)}
        <RequestIdNote requestId={n.requestId} />
      </>
    ) : (
      text(n)
    ),
    dismissLabel: t(n.confirmLabelKey, { ns: n.confirmLabelNs }),
    action: n.action
      ? {
          label: t(n.action.labelKey, { ns: n.action.ns }),
          onClick: () => {
            n.action!.onAction();
            dismiss(n.id);
          },
        }
      : undefined,
  }));
  return <SnackbarHost className="shell-notifications" items={items} onClose={dismiss} closeLabel={t('SNACKBAR.close', { ns: 'platform' })} />;
}
