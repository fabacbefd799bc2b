import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../internal/cx';
import { useUiTexts } from '../core/ui-texts';
import { Snackbar, type SnackbarAction, type SnackbarVariant } from './snackbar';

export interface SnackbarItem {
  id: string;
  variant: SnackbarVariant;
  message: ReactNode;
  action?: SnackbarAction;
  /** A text dismiss button (the platform's confirm label, "Got it") instead of the close icon. */
  dismissLabel?: string;
}

export interface SnackbarHostProps {
  /** The notifications to show, oldest first. Removing one (after its lifetime) is the caller's job. */
  items: readonly SnackbarItem[];
  onClose: (id: string) => void;
  /** See Snackbar's onHoldChange: pause the item's timer while held. */
  onHoldChange?: (id: string, held: boolean) => void;
  /** Name of the notifications region. */
  label?: string;
  closeLabel?: string;
  /** Render into document.body (default), so an open Dialog does not make it inert. */
  portal?: boolean;
  className?: string;
}

/**
 * The stack of snackbars at the bottom of the screen, in a labelled region that stays in the
 * page even when empty. It is marked `data-ui-no-inert`, so notifications and their actions stay
 * usable while a Dialog is open.
 */
export function SnackbarHost({
  items,
  onClose,
  onHoldChange,
  label,
  closeLabel,
  portal = true,
  className,
}: SnackbarHostProps) {
  const texts = useUiTexts();
  const host = (
    <section aria-label={label ?? texts.notifications} className={cx('ui-snackbar-host', className)} data-ui-no-inert="">
      {items.map((item) => (
        <Snackbar
          key={item.id}
          variant={item.variant}
          message={item.message}
          action={item.action}
          closeLabel={closeLabel}
          dismissLabel={item.dismissLabel}
          onClose={() => onClose(item.id)}
          onHoldChange={onHoldChange && ((held) => onHoldChange(item.id, held))}
        />
      ))}
    </section>
  );
  return portal && typeof document !== 'undefined' ? createPortal(host, document.body) : host;
}
