import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../icons/icons';
import { cx } from '../internal/cx';
import { getTabbable } from '../internal/focusable';
import { useUiTexts } from '../core/ui-texts';
import { IconButton } from './icon-button';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop (when `dismissible`). */
  onClose: () => void;
  /** The dialog's name (aria-labelledby points at this heading). */
  title: ReactNode;
  /** Read with the name (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, usually Button elements. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** `alertdialog` for confirmations that interrupt (ConfirmDialog uses it). */
  role?: 'dialog' | 'alertdialog';
  /** Escape, backdrop and close button close it; false while something must finish. Default true. */
  dismissible?: boolean;
  hideCloseButton?: boolean;
  closeLabel?: string;
  /** Element focused on open; default: the first focusable element in the body, then in the footer, then the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/** Open dialogs, the top one last: only the top one traps focus and listens to Escape. */
const openDialogs: HTMLElement[] = [];

/**
 * A modal dialog: rendered into document.body, the rest of the page made `inert`, Tab and
 * Shift+Tab kept inside, Escape closes, and focus goes back to the element that opened it.
 * Elements marked `data-ui-no-inert` (the SnackbarHost) stay usable.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  dismissible = true,
  hideCloseButton = false,
  closeLabel,
  initialFocusRef,
  className,
}: DialogProps) {
  const texts = useUiTexts();
  const baseId = useId();
  const titleId = `ui-dialog${baseId}-title`;
  const descriptionId = description ? `ui-dialog${baseId}-description` : undefined;
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);

  // Latest callbacks without re-running the focus effect.
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  useLayoutEffect(() => {
    const backdrop = backdropRef.current;
    const dialog = dialogRef.current;
    if (!backdrop || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(dialog);

    // Everything else on the page becomes inert (unreachable by mouse, keyboard and screen readers).
    const madeInert: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === backdrop || sibling.hasAttribute('inert') || sibling.hasAttribute('data-ui-no-inert')) continue;
      if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement) continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const firstIn = (element: HTMLElement | null) => (element ? getTabbable(element)[0] : undefined);
    const initial =
      initialFocusRef?.current ?? firstIn(bodyRef.current) ?? firstIn(footerRef.current) ?? firstIn(dialog) ?? dialog;
    initial.focus();

    const isTop = () => openDialogs[openDialogs.length - 1] === dialog;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (dismissibleRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const tabbable = getTabbable(dialog);
      const first = tabbable[0];
      const last = tabbable[tabbable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (event.shiftKey && (!inside || active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes anyway (a click on a non-inert area, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop()) return;
      const target = event.target;
      if (!(target instanceof Node) || dialog.contains(target)) return;
      if (target instanceof Element && target.closest('[data-ui-no-inert]')) return;
      (getTabbable(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = openDialogs.lastIndexOf(dialog);
      if (index >= 0) openDialogs.splice(index, 1);
      for (const element of madeInert) element.removeAttribute('inert');
      document.body.style.overflow = previousOverflow;
      if (opener && opener.isConnected) opener.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- set up once per opening: a later initialFocusRef must not move focus again
  }, []);

  return createPortal(
    <div
      ref={backdropRef}
      className="ui-dialog-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget && dismissibleRef.current) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className={cx('ui-dialog', `ui-dialog--${size}`, className)}
      >
        <div className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          {!hideCloseButton && (
            <IconButton
              aria-label={closeLabel ?? texts.close}
              icon={<CloseIcon />}
              size="sm"
              disabled={!dismissible}
              onClick={() => onCloseRef.current()}
            />
          )}
        </div>
        <div ref={bodyRef} className="ui-dialog__body">
          {description && (
            <div id={descriptionId} className="ui-dialog__description">
              {description}
            </div>
          )}
          {children}
        </div>
        {footer && (
          <div ref={footerRef} className="ui-dialog__footer">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
