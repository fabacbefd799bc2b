import type { ReactNode } from 'react';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from '../icons/icons';
import { cx } from '../internal/cx';
import { useUiTexts } from '../core/ui-texts';

export type SnackbarVariant = 'info' | 'success' | 'error';

export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

export interface SnackbarProps {
  variant?: SnackbarVariant;
  message: ReactNode;
  action?: SnackbarAction;
  /** Shows a dismiss button when given: an icon button named `closeLabel`, or a text button with `dismissLabel`. */
  onClose?: () => void;
  closeLabel?: string;
  /** A text dismiss button ("Got it") instead of the close icon. */
  dismissLabel?: string;
  /**
   * Called with true while the pointer is over it or focus is inside, false after: a caller's
   * auto-dismiss timer should wait meanwhile. The snackbar has no timer of its own.
   */
  onHoldChange?: (held: boolean) => void;
  className?: string;
}

const ICONS = { info: InfoIcon, success: SuccessIcon, error: ErrorIcon } as const;

/**
 * One notification. The message is a live region: role="status" (polite) for info and success,
 * role="alert" (assertive) for errors; the buttons sit outside it so they are not read as part
 * of the message.
 */
export function Snackbar({
  variant = 'info',
  message,
  action,
  onClose,
  closeLabel,
  dismissLabel,
  onHoldChange,
  className,
}: SnackbarProps) {
  const texts = useUiTexts();
  const Icon = ICONS[variant];
  return (
    <div
      className={cx('ui-snackbar', `ui-snackbar--${variant}`, className)}
      onMouseEnter={onHoldChange && (() => onHoldChange(true))}
      onMouseLeave={onHoldChange && (() => onHoldChange(false))}
      onFocus={onHoldChange && (() => onHoldChange(true))}
      onBlur={
        onHoldChange &&
        ((event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHoldChange(false);
        })
      }
    >
      <div role={variant === 'error' ? 'alert' : 'status'} className="ui-snackbar__message">
        <Icon className="ui-snackbar__icon" />
        <span>{message}</span>
      </div>
      {(action || onClose) && (
        <div className="ui-snackbar__actions">
          {action && (
            <button type="button" className="ui-snackbar__action" onClick={action.onClick}>
              {action.label}
            </button>
          )}
          {onClose && dismissLabel && (
            <button type="button" className="ui-snackbar__action" onClick={onClose}>
              {dismissLabel}
            </button>
          )}
          {onClose && !dismissLabel && (
            <button
              type="button"
              className="ui-snackbar__close"
              aria-label={closeLabel ?? texts.close}
              title={closeLabel ?? texts.close}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
