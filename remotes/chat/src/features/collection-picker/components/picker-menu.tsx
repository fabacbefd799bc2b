import { Button, ChevronDownIcon, CloseIcon, IconButton } from '@assistant/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './collection-picker.css';

export interface PickerMenuProps {
  /** The button's text (with the count of the picked ones). */
  label: string;
  /** The menu opened (the caller may ask for its choices again). */
  onOpen?(): void;
  /** "Done": closes the menu. */
  doneLabel: string;
  /** The panel's content: an intro, the checkboxes. */
  children: ReactNode;
}

/**
 * A disclosure button that opens a panel above the composer (checkboxes to pick from). Opening it
 * moves the focus to the first control in it; Escape (without stopping an answer), "Done", the
 * button again or a click elsewhere closes it (the focus back on the button when it was inside).
 */
export function PickerMenu({ label, onOpen, doneLabel, children }: PickerMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('input, button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    // Escape closes the panel, not the answer being written (the view's Escape).
    event.preventDefault();
    event.stopPropagation();
    close();
  };

  return (
    <div className="collection-picker" ref={rootRef} onKeyDown={onKeyDown}>
      <Button
        ref={buttonRef}
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
        icon={<ChevronDownIcon />}
      >
        {label}
      </Button>
      <div id={panelId} ref={panelRef} className="collection-picker__panel" hidden={!open}>
        {children}
        <Button size="sm" variant="ghost" onClick={close}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}

export interface PickedChipsProps {
  /** The list's name. */
  label: string;
  items: readonly { id: string; name: string }[];
  /** The remove button's name for one item. */
  removeLabel(name: string): string;
  onRemove(id: string): void;
}

/** Picked items as chips, each with a remove button. Nothing when none is picked. */
export function PickedChips({ label, items, removeLabel, onRemove }: PickedChipsProps) {
  if (items.length === 0) return null;
  return (
    <ul className="collection-chips" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="collection-chip">
          <span className="collection-chip__name" title={item.name}>
            {item.name}
          </span>
          <IconButton size="sm" icon={<CloseIcon />} aria-label={removeLabel(item.name)} onClick={() => onRemove(item.id)} />
        </li>
      ))}
    </ul>
  );
}
