import type { Collection } from '@assistant/contracts';
import { Button, Checkbox, ChevronDownIcon, CloseIcon, IconButton } from '@assistant/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import './collection-picker.css';

export interface CollectionPickerProps {
  /** The collections the user may search: personal ones, then the company's (GET qa/resources). */
  collections: readonly Collection[];
  /** The collections could not be loaded (QA resources unavailable). */
  unavailable?: boolean;
  selected: readonly string[];
  onChange(selected: string[]): void;
  /** The menu opened (the caller may ask for the collections again: one made meanwhile shows up). */
  onOpen?(): void;
}

const GROUPS = ['personal', 'company'] as const;

/**
 * "Collections": a disclosure button that opens a panel of checkboxes, the user's personal and the
 * company's collections, to ground the conversation's answers in. Opening it moves the focus to
 * the first checkbox; Escape, the button again or a click elsewhere closes it (focus back on the
 * button when it was inside). The button says how many are picked.
 */
export function CollectionPicker({ collections, unavailable, selected, onChange, onOpen }: CollectionPickerProps) {
  const { t } = useTranslation(NAMESPACE);
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
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...selected, id] : selected.filter((entry) => entry !== id));
  const groupOf = (collection: Collection) => (collection.type === 'company' ? 'company' : 'personal');

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
        {selected.length > 0 ? t('collections.buttonCount', { count: selected.length }) : t('collections.button')}
      </Button>
      <div id={panelId} ref={panelRef} className="collection-picker__panel" hidden={!open}>
        <p className="collection-picker__intro">{t('collections.intro')}</p>
        {unavailable && <p className="collection-picker__empty">{t('collections.unavailable')}</p>}
        {!unavailable && collections.length === 0 && <p className="collection-picker__empty">{t('collections.none')}</p>}
        {GROUPS.map((group) => {
          const members = collections.filter((collection) => groupOf(collection) === group);
          if (members.length === 0) return null;
          return (
            <fieldset key={group} className="collection-picker__group">
              <legend>{t(`collections.group.${group}`)}</legend>
              {members.map((collection) => (
                <Checkbox
                  key={collection.id}
                  label={collection.name}
                  checked={selected.includes(collection.id)}
                  onChange={(event) => toggle(collection.id, event.target.checked)}
                />
              ))}
            </fieldset>
          );
        })}
        <Button size="sm" variant="ghost" onClick={close}>
          {t('collections.done')}
        </Button>
      </div>
    </div>
  );
}

export interface CollectionChipsProps {
  collections: readonly Collection[];
  selected: readonly string[];
  onRemove(id: string): void;
}

/** The picked collections as chips, each with a remove button. */
export function CollectionChips({ collections, selected, onRemove }: CollectionChipsProps) {
  const { t } = useTranslation(NAMESPACE);
  const picked = selected.flatMap((id) => collections.filter((collection) => collection.id === id));
  if (picked.length === 0) return null;
  return (
    <ul className="collection-chips" aria-label={t('collections.chipsLabel')}>
      {picked.map((collection) => (
        <li key={collection.id} className="collection-chip">
          <span className="collection-chip__name" title={collection.name}>
            {collection.name}
          </span>
          <IconButton size="sm" icon={<CloseIcon />} aria-label={t('collections.removeLabel', { name: collection.name })} onClick={() => onRemove(collection.id)} />
        </li>
      ))}
    </ul>
  );
}
